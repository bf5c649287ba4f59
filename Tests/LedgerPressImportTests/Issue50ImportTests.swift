import Foundation
import LedgerPressCore
import Testing

@testable import LedgerPressImport

/// Issue 50's columns as every reader takes them: the native CSV (fast and checked paths) and JSON Lines, the
/// Stripe payouts export's `Arrival Date (UTC)`, and mappings (`fields.payout_arrival`, `distance`,
/// `distance_unit`, and `balance`, a running balance that brings an opening forward).
@Suite struct Issue50ImportTests {
    static let header =
        "id,occurred_at,payee_id,payee_type,kind,amount,currency,reference,payout_id,payout_status,payout_arrival,distance,distance_unit\n"

    static func native(_ rows: String) -> ImportedFile {
        NativeLedgerImporter.read(bytes: Array((header + rows).utf8), file: "ledger.csv")
    }

    @Test func nativeRowsCarryArrivalsDistancesAndOpenings() {
        let result = Self.native(
            """
            o1,2026-11-01T00:00:00Z,d1,driver,opening_balance,120.00,USD,,,,,,
            j1,2026-11-02T10:00:00Z,d1,driver,earning,20.00,USD,job1,,,,12.5,mi
            j1:fee,2026-11-02T10:00:00Z,d1,driver,fee,-5.00,USD,job1,,,,,
            j2,2026-11-03T10:00:00Z,d1,driver,EARNING,30.00,usd,job2,,,,0.125,KM
            p1,2026-11-13T10:00:00Z,d1,driver,payout,-67.00,USD,,po1,pending,2026-11-16,,

            """)
        #expect(result.diagnostics.isEmpty)
        let byID = Dictionary(uniqueKeysWithValues: result.entries.map { ($0.id, $0) })
        #expect(byID["o1"]?.kind == .openingBalance)
        #expect(byID["j1"]?.distance == Distance(thousandths: 12_500, unit: .mi))
        #expect(byID["j1:fee"]?.distance == nil)
        #expect(byID["j2"]?.distance == Distance(thousandths: 125, unit: .km))
        #expect(byID["p1"]?.payoutArrival == CivilDate(year: 2026, month: 11, day: 16))
        #expect(byID["j1"]?.payoutArrival == nil)
    }

    @Test(arguments: [
        (
            "e1,2026-11-02T10:00:00Z,d1,driver,earning,20.00,USD,,,,2026-11-16,,",
            "ledger.csv:2: error: payout_arrival: expected no arrival date on a earning row (only on payout rows), got '2026-11-16'"
        ),
        (
            "p1,2026-11-02T10:00:00Z,d1,driver,payout,-20.00,USD,,po1,paid,16/11/2026,,",
            "ledger.csv:2: error: payout_arrival: expected a date such as 2026-11-16 (YYYY-MM-DD), got '16/11/2026'"
        ),
        (
            "f1,2026-11-02T10:00:00Z,d1,driver,fee,-2.00,USD,job1,,,,3,km",
            "ledger.csv:2: error: distance: expected no distance on a fee row (only on earning rows: a job's other rows share its reference), got '3'"
        ),
        (
            "e1,2026-11-02T10:00:00Z,d1,driver,earning,20.00,USD,,,,,1.2345,km",
            "ledger.csv:2: error: distance: expected a non-negative decimal with at most 3 decimals such as 12.5, got '1.2345'"
        ),
        (
            "e1,2026-11-02T10:00:00Z,d1,driver,earning,20.00,USD,,,,,-4,km",
            "ledger.csv:2: error: distance: expected a non-negative decimal with at most 3 decimals such as 12.5, got '-4'"
        ),
        (
            "e1,2026-11-02T10:00:00Z,d1,driver,earning,20.00,USD,,,,,4,miles",
            "ledger.csv:2: error: distance_unit: expected km or mi, got 'miles'"
        ),
        (
            "e1,2026-11-02T10:00:00Z,d1,driver,earning,20.00,USD,,,,,4,",
            "ledger.csv:2: error: distance_unit: expected km or mi, got ''"
        ),
        (
            "e1,2026-11-02T10:00:00Z,d1,driver,earning,20.00,USD,,,,,,km",
            "ledger.csv:2: error: distance: expected a distance with its distance_unit, got ''"
        ),
    ])
    func badRowsAreRefusedNamingTheLineAndField(_ row: String, _ message: String) {
        let result = Self.native(row + "\n")
        #expect(result.entries.isEmpty)
        #expect(result.diagnostics.map(\.message) == [message])
    }

    @Test func jsonLinesTakeTheSameFields() {
        let text = """
            {"id":"p1","occurred_at":"2026-11-13T10:00:00Z","payee_id":"d1","payee_type":"driver","kind":"payout","amount":"-67.00","currency":"USD","payout_arrival":"2026-11-16"}
            {"id":"j1","occurred_at":"2026-11-02T10:00:00Z","payee_id":"d1","payee_type":"driver","kind":"earning","amount":"20.00","currency":"USD","distance":"7","distance_unit":"km"}

            """
        let result = LedgerImport.read(bytes: Array(text.utf8), file: "ledger.jsonl", settings: ImportSettings())
        #expect(result.diagnostics.isEmpty)
        #expect(result.entries.first?.payoutArrival == CivilDate(year: 2026, month: 11, day: 16))
        #expect(result.entries.last?.distance == Distance(thousandths: 7_000, unit: .km))
    }

    @Test func stripePayoutsExportGivesEachPayoutItsArrivalDate() {
        let result = LedgerImport.read(
            bytes: Array(StripeDashboardExportsTests.payouts.utf8), file: "payouts.csv",
            settings: StripeDashboardExportsTests.settings)
        #expect(result.format == .stripePayouts)
        #expect(result.diagnostics.isEmpty)
        #expect(
            result.entries.map { "\($0.id) \($0.payoutStatus?.rawValue ?? "") \($0.payoutArrival?.description ?? "")" }
                == ["po_1 paid 2026-10-07", "po_2 processing 2026-10-14", "po_3 paid 2026-10-21"])
        let bad = StripeDashboardExportsTests.payouts.replacingOccurrences(of: "2026-10-14 00:00", with: "soon")
        let refused = LedgerImport.read(
            bytes: Array(bad.utf8), file: "payouts.csv", settings: StripeDashboardExportsTests.settings)
        #expect(
            refused.diagnostics.map(\.message) == [
                "payouts.csv:3: error: Arrival Date (UTC): expected a date such as 2026-10-07 (or 2026-10-07 00:00), got 'soon'"
            ])
    }

    static let mapping = """
        name: wallet
        timestamp:
          columns: [When]
          format: "yyyy-MM-dd HH:mm"
          timezone: UTC
        fields:
          id: Id
          currency: Cur
          payee_id: Who
          payee_type: {constant: driver}
          payout_arrival: Arrives
          distance: Km
          distance_unit: {constant: km}
          balance: Balance
        entries:
          - amount: Amount
            kind: {column: Type, values: {job: earning, cashout: payout}}
          - amount: Fee
            kind: fee
        """

    @Test func aMappingReadsArrivalsDistancesAndBringsTheRunningBalanceForward() throws {
        let mapping = try Mapping.parse(Self.mapping, file: "m.yaml")
        // Newest first, as wallets download; the account held 100.00 before the first row.
        let csv = """
            Id,When,Who,Type,Amount,Fee,Cur,Arrives,Km,Balance
            t3,2026-11-05 09:00,d1,cashout,-50.00,0.00,USD,2026-11-07,,85.00
            t2,2026-11-03 09:00,d1,job,20.00,-2.50,USD,,4.2,135.00
            t1,2026-11-01 09:00,d1,job,20.00,-2.50,USD,,12,117.50

            """
        let result = MappedImporter.read(bytes: Array(csv.utf8), file: "w.csv", mapping: mapping)
        #expect(result.diagnostics.isEmpty)
        #expect(result.rowsRead == 3)
        let byID = Dictionary(uniqueKeysWithValues: result.entries.map { ($0.id, $0) })
        #expect(byID["t3"]?.payoutArrival == CivilDate(year: 2026, month: 11, day: 7))
        #expect(byID["t2"]?.distance == Distance(thousandths: 4_200, unit: .km))
        #expect(byID["t2:fee"]?.distance == nil)
        let opening = try #require(byID["opening:t1"])
        #expect(opening.kind == .openingBalance && opening.amount.minorUnits == 10_000)
        #expect(opening.occurredAt == byID["t1"]?.occurredAt)
        // Opening plus every entry closes at the download's last Balance, to the cent.
        #expect(result.entries.reduce(Int64(0)) { $0 + $1.amount.minorUnits } == 8_500)
        // The same download read again derives the same opening id: the ledger counts it once.
        let again = MappedImporter.read(bytes: Array(csv.utf8), file: "copy.csv", mapping: mapping)
        #expect(again.entries.map(\.id).sorted() == result.entries.map(\.id).sorted())
    }
}
