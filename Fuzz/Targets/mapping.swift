// fuzz-needs: LedgerPressCore LedgerPressImport Yams CYaml
// fuzz-support: ImportChecks
// The mapping file loader (Mapping.parse over Yams): any text is a mapping or a `Failure`, never a trap.
// Input: YAML, optionally followed by a NUL byte and CSV bytes; a mapping that loads then reads the CSV
// (fuzzing the mapped importer with the mapping's own columns, separators and time format).
@testable import LedgerPressImport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let split = bytes.firstIndex(of: 0) ?? bytes.count
    guard let yaml = String(validating: bytes[..<split], as: UTF8.self) else { return 0 }
    let mapping: Mapping
    do {
        mapping = try Mapping.parse(yaml, file: "fuzz.yaml")
    } catch {
        // `fuzz.yaml: error: mapping: ...`, or with the line: `fuzz.yaml:12: error: mapping: ...`.
        let line = error.line.map { ":\($0)" } ?? ""
        check(error.description.hasPrefix("fuzz.yaml\(line): error: mapping: "), "failure message: \(error.description)")
        check(error.line.map { $0 >= 1 && $0 <= yaml.utf8.count + 1 } ?? true, "failure line out of range: \(error)")
        return 0
    }
    guard split < bytes.count else { return 0 }
    let csv = Array(bytes[(split + 1)...])
    let result = MappedImporter.read(bytes: csv, file: "fuzz.csv", mapping: mapping)
    ImportChecks.verify(result, bytes: csv, file: "fuzz.csv")
    return 0
}
