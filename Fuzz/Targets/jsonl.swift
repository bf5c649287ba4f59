// fuzz-needs: LedgerPressCore LedgerPressImport Yams CYaml
// fuzz-support: ImportChecks
// JSON Lines: FlatJSONObject.parse of each line either refuses it or gives an object that, written back
// with every value as a JSON string, parses to the same object; JSONLinesImporter keeps the importer
// invariants (ImportChecks).
@testable import LedgerPressImport

func jsonString(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case _ where scalar.value < 0x20:
            let hex = String(scalar.value, radix: 16)
            out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for line in bytes.split(separator: 10, omittingEmptySubsequences: true) {
        guard let object = try? FlatJSONObject.parse(line) else { continue }
        let written = "{" + object.keys.sorted().map { jsonString($0) + ":" + jsonString(object[$0] ?? "") }.joined(separator: ",") + "}"
        let again: [String: String]
        do {
            again = try FlatJSONObject.parse(ArraySlice(Array(written.utf8)))
        } catch {
            fail("written object does not parse: \(written) (\(error))")
        }
        check(again == object, "round trip changed the object: \(object) -> \(again)")
    }
    let result = JSONLinesImporter.read(bytes: bytes, file: "fuzz.jsonl")
    ImportChecks.verify(result, bytes: bytes, file: "fuzz.jsonl")
    return 0
}
