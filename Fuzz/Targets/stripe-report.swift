// fuzz-needs: LedgerPressCore LedgerPressImport Yams CYaml
// fuzz-support: ImportChecks
// Stripe report CSVs (any version, platform or connected-account form): importer invariants. Times
// without a zone are read in America/New_York (DST gaps and folds); `--payee` and a default payee
// type are set so single-account reports make entries.
import LedgerPressCore
@testable import LedgerPressImport

let settings = ImportSettings(
    forcedFormat: .stripeReport, payee: "acct_fuzz", defaultPayeeType: .merchant,
    sourceZone: ZoneClock(identifier: "America/New_York") ?? .utc)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let result = StripeReportImporter.read(bytes: bytes, file: "fuzz.csv", settings: settings)
    ImportChecks.verify(result, bytes: bytes, file: "fuzz.csv")
    return 0
}
