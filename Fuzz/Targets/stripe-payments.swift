// fuzz-needs: LedgerPressCore LedgerPressImport Yams CYaml
// fuzz-support: ImportChecks
// Stripe Dashboard payments exports (unified_payments.csv, `,` or `;`, either date column): importer
// invariants, and every entry is the row's id, `id:fee` or `id:refund` in the row's money currencies. Times
// without a zone are read in America/New_York (DST gaps and folds); `--payee` is set, as the export needs.
import LedgerPressCore
@testable import LedgerPressImport

let settings = ImportSettings(
    forcedFormat: .stripePayments, payee: "acct_fuzz", defaultPayeeType: .merchant,
    sourceZone: ZoneClock(identifier: "America/New_York") ?? .utc)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let result = StripePaymentsImporter.read(bytes: bytes, file: "fuzz.csv", settings: settings)
    ImportChecks.verify(result, bytes: bytes, file: "fuzz.csv")
    for row in result.rows {
        let entries = result.entries(of: row)
        guard let first = entries.first else { continue }
        for entry in entries {
            check(entry.payeeID == "acct_fuzz", "payments entry for another payee: \(entry.payeeID)")
            check(
                entry.id == first.id || entry.id == first.id + ":fee" || entry.id == first.id + ":refund",
                "payments entry id \(entry.id) beside \(first.id)")
        }
        check(Set(entries.map(\.id)).count == entries.count, "two entries of one row share an id at line \(row.line)")
    }
    return 0
}
