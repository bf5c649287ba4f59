// fuzz-needs: LedgerPressCore LedgerPressImport Yams CYaml
// fuzz-support: ImportChecks
// The payees file importer: never traps; every problem names the file and a line in it; each profile
// has its own id, a known zone, and (if any) a locale Foundation knows.
import LedgerPressCore
@testable import LedgerPressImport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let result = PayeesFileImporter.read(bytes: bytes, file: "payees.csv")
    let lines = ImportChecks.physicalLines(bytes)
    for diagnostic in result.diagnostics {
        check(diagnostic.location.file == "payees.csv" && diagnostic.location.line <= lines, "diagnostic out of range: \(diagnostic.message)")
    }
    for (id, profile) in result.profiles {
        check(profile.id == id && !id.isEmpty, "profile '\(profile.id)' filed under '\(id)'")
        check(ZoneClock(identifier: profile.timeZone) != nil, "profile '\(id)' kept an unknown zone '\(profile.timeZone)'")
        check(MoneyLocale.isKnown(profile.locale), "profile '\(id)' kept an unknown locale")
    }
    return 0
}
