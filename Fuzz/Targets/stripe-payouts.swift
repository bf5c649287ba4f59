// fuzz-needs: LedgerPressCore LedgerPressImport Yams CYaml
// fuzz-support: ImportChecks
// Stripe Dashboard payouts exports (payouts.csv): importer invariants, and each accepted row is one
// `payout` entry of the `--payee` account whose payout id is the row's id. Times without a zone are read
// in America/New_York (DST gaps and folds).
import LedgerPressCore
@testable import LedgerPressImport

let settings = ImportSettings(
    forcedFormat: .stripePayouts, payee: "acct_fuzz", defaultPayeeType: .merchant,
    sourceZone: ZoneClock(identifier: "America/New_York") ?? .utc)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let result = StripePayoutsImporter.read(bytes: bytes, file: "fuzz.csv", settings: settings)
    ImportChecks.verify(result, bytes: bytes, file: "fuzz.csv")
    for row in result.rows {
        let entries = result.entries(of: row)
        check(entries.count <= 1, "a payouts row made \(entries.count) entries at line \(row.line)")
        for entry in entries {
            check(entry.kind == .payout, "a payouts row made a \(entry.kind) entry at line \(row.line)")
            check(entry.payeeID == "acct_fuzz", "payouts entry for another payee: \(entry.payeeID)")
        }
    }
    return 0
}
