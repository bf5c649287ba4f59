// fuzz-needs: LedgerPressCore LedgerPressImport Yams CYaml
// fuzz-support: ImportChecks
// The native ledger CSV importer (through format detection, as `build` reads it): importer invariants.
@testable import LedgerPressImport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let result = NativeLedgerImporter.read(bytes: bytes, file: "fuzz.csv")
    ImportChecks.verify(result, bytes: bytes, file: "fuzz.csv")
    // Detection never traps, and a file detected as native reads the same way through LedgerImport.
    if InputFormat.detect(bytes) == .native {
        let detected = LedgerImport.read(bytes: bytes, file: "fuzz.csv", settings: ImportSettings())
        check(detected.entries == result.entries && detected.diagnostics == result.diagnostics, "detection changed the reading")
    }
    return 0
}
