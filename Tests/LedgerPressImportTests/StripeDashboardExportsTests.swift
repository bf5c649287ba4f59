import LedgerPressCore
import Testing

@testable import LedgerPressImport

/// The Stripe Dashboard's payments and payouts exports, on our own rows in the exact layouts Stripe writes.
@Suite struct StripeDashboardExportsTests {
    static let settings = ImportSettings(payee: "acct_me", defaultPayeeType: .merchant)

    static func read(_ csv: String, file: String = "unified_payments.csv") -> ImportedFile {
        LedgerImport.read(bytes: Array(csv.utf8), file: file, settings: settings)
    }

    /// Per currency, what the entries add up to.
    static func totals(_ file: ImportedFile) -> [String: Int64] {
        file.entries.reduce(into: [:]) { $0[$1.amount.currency.code, default: 0] += $1.amount.minorUnits }
    }

    static let current = """
        id,Created date (UTC),Amount,Amount Refunded,Currency,Captured,Converted Amount,Converted Amount Refunded,Converted Currency,Decline Reason,Description,Fee,Refunded date (UTC),Statement Descriptor,Status,Seller Message,Taxes On Fee,Card ID,Customer ID,Customer Description,Customer Email,Invoice ID,Transfer,orderId (metadata)
        ch_3A,2026-10-01 09:15:02,25.00,0.00,usd,true,25.00,0.00,usd,,Order 1001,1.03,,SHOP,Paid,Payment complete.,0.00,card_1,cus_1,,,,,1001
        ch_3B,2026-10-02 10:00:00,15.00,0.00,usd,true,534.80,0.00,thb,,Order 1002,35.40,,SHOP,Paid,Payment complete.,2.48,card_2,cus_2,,,,,1002
        ch_3C,2026-10-03 11:30:00,750.00,195.00,usd,true,750.00,195.00,usd,,Order 1003,22.05,2026-10-20 08:00:00,SHOP,Paid,Payment complete.,0.00,card_3,cus_3,,,,,1003
        ch_3D,2026-10-04 12:00:00,8.00,8.00,usd,true,8.00,8.00,usd,,Order 1004,0.53,2026-10-05 16:45:10,SHOP,Refunded,Payment complete.,0.00,card_4,cus_4,,,,,1004
        ch_3E,2026-10-05 13:00:00,40.00,0.00,usd,false,,,,insufficient_funds,Order 1005,0.00,,SHOP,Failed,The bank returned the decline code `insufficient_funds`.,,card_5,cus_5,,,,,1005
        ,2026-10-06 14:00:00,12.00,0.00,usd,,,,,,Order 1006,,,SHOP,requires_payment_method,,,,cus_6,,,,,1006

        """

    @Test func paymentsBuildToWhatReachedTheBalanceInTheConvertedCurrency() {
        let result = Self.read(Self.current)
        #expect(result.format == .stripePayments)
        #expect(result.diagnostics.isEmpty)
        // Σ(Converted Amount − Converted Amount Refunded − Fee) over Paid and Refunded rows, per converted currency.
        let usd: Int64 = (2_500 - 103) + (75_000 - 19_500 - 2_205) + (800 - 800 - 53)
        let thb: Int64 = 53_480 - 3_540
        #expect(Self.totals(result) == ["USD": usd, "THB": thb])
        #expect(
            result.entries.map { "\($0.id) \($0.kind.rawValue) \($0.amount.minorUnits) \($0.amount.currency.code)" }
                == [
                    "ch_3A earning 2500 USD", "ch_3A:fee fee -103 USD", "ch_3B earning 53480 THB",
                    "ch_3B:fee fee -3540 THB",
                    "ch_3C earning 75000 USD", "ch_3C:fee fee -2205 USD", "ch_3C:refund refund -19500 USD",
                    "ch_3D earning 800 USD", "ch_3D:fee fee -53 USD", "ch_3D:refund refund -800 USD",
                ])
        // A refund is dated when it happened.
        #expect(
            result.entries.first { $0.id == "ch_3C:refund" }.map { ZoneClock.utc.localText($0.occurredAt) }
                == "2026-10-20T08:00:00+00:00")
        #expect(
            result.skipped == [
                SkippedRows(reason: "with Status Failed, which moves no money", count: 1),
                SkippedRows(reason: "with Status requires_payment_method, which moves no money", count: 1),
            ])
        #expect(result.rowsRead == 6)
    }

    @Test func theOlderHeaderWithoutSeconds() {
        let csv = """
            id,Description,Seller Message,Created (UTC),Amount,Amount Refunded,Currency,Converted Amount,Converted Amount Refunded,Fee,Taxes On Fee,Converted Currency,Status,Statement Descriptor,Customer ID,Customer Description,Customer Email,Captured,Card ID,Invoice ID,Transfer
            ch_1,Order 9,Payment complete.,2023-08-04 17:12,100.00,0.00,usd,100.00,0.00,3.20,0.00,usd,Paid,SHOP,cus_9,,,true,card_9,,

            """
        let result = Self.read(csv)
        #expect(result.format == .stripePayments)
        #expect(Self.totals(result) == ["USD": 9_680])
        #expect(result.entries.first.map { ZoneClock.utc.localText($0.occurredAt) } == "2023-08-04T17:12:00+00:00")
    }

    @Test func semicolonsDecimalCommasAndNoIdColumn() {
        let csv = """
            Created (UTC);Amount;Amount Refunded;Currency;Converted Amount;Converted Amount Refunded;Converted Currency;Fee;Status;Description
            2026-10-01 09:00;75,00;0,00;eur;75,00;0,00;eur;1,38;Paid;Kurs A
            2026-10-01 09:00;75,00;0,00;eur;75,00;0,00;eur;1,38;Paid;Kurs A
            2026-10-02 10:00;20,00;20,00;eur;20,00;20,00;eur;0,55;Refunded;Kurs B

            """
        let first = Self.read(csv, file: "zahlungen.csv")
        #expect(first.format == .stripePayments)
        #expect(first.diagnostics.isEmpty)
        let eur: Int64 = 2 * (7_500 - 138) + (2_000 - 2_000 - 55)
        #expect(Self.totals(first) == ["EUR": eur])
        let ids = first.entries.filter { $0.kind == .earning }.map(\.id)
        #expect(ids.count == 3 && Set(ids).count == 3 && ids.allSatisfy { $0.hasPrefix("pay-") })
        #expect(ids[1] == ids[0] + "#2")
        // The same file read again (under any name) makes the same ids: the ledger counts it once.
        #expect(Self.read(csv, file: "copy.csv").entries.map(\.id) == first.entries.map(\.id))
    }

    static let payouts = """
        id,Amount,Created (UTC),Currency,Livemode,Arrival Date (UTC),Source Type,Destination,Status,Type,Method,Description,Balance Transaction,Failure Balance Transaction,Failure Message,Failure Code,Statement Descriptor,Trace ID,Trace ID Status,Destination Name,Destination Country,Destination Last 4
        po_1,43.21,2026-10-05 00:18,usd,true,2026-10-07 00:00,card,ba_1,paid,bank_account,standard,STRIPE PAYOUT,txn_p1,,,,SHOP,TRACE1,supported,"FIRST BANK, NA",US,4000
        po_2,120.00,2026-10-12 00:20,usd,true,2026-10-14 00:00,card,ba_1,in_transit,bank_account,standard,STRIPE PAYOUT,txn_p2,,,,SHOP,,pending,"FIRST BANK, NA",US,4000
        po_3,-20.35,2026-10-19 00:21,usd,true,2026-10-21 00:00,card,ba_1,paid,bank_account,standard,STRIPE PAYOUT,txn_p3,,,,SHOP,,supported,"FIRST BANK, NA",US,4000

        """

    @Test func payoutsAreTheMoneyLeavingWithTheirStatus() {
        let result = Self.read(Self.payouts, file: "payouts.csv")
        #expect(result.format == .stripePayouts)
        #expect(result.diagnostics.isEmpty)
        let usd: Int64 = -(4_321 + 12_000 - 2_035)
        #expect(Self.totals(result) == ["USD": usd])
        #expect(
            result.entries.map {
                "\($0.id) \($0.kind.rawValue) \($0.payoutID ?? "") \($0.payoutStatus?.rawValue ?? "")"
            } == [
                "po_1 payout po_1 paid", "po_2 payout po_2 processing", "po_3 payout po_3 paid",
            ])
    }

    @Test func aPayoutReadFromBothThePayoutsExportAndTheBalanceHistoryIsRefused() {
        let history = """
            id,Type,Source,Amount,Fee,Net,Currency,Created (UTC),Available On (UTC),Description,Transfer
            txn_p1,payout,po_1,-43.21,0.00,-43.21,usd,2026-10-05 00:18,2026-10-07 00:00,STRIPE PAYOUT,po_1

            """
        let files = [Self.read(Self.payouts, file: "payouts.csv"), Self.read(history, file: "balance.csv")]
        #expect(
            StripePayoutOverlap.problems(files).map(\.message) == [
                "balance.csv:2: error: expected each payout read once: po_1 is also in the payouts export at payouts.csv:2 "
                    + "(read the payouts export with the payments export, or the balance history alone), got 'txn_p1'"
            ])
        #expect(StripePayoutOverlap.problems([files[0], Self.read(Self.current)]).isEmpty)
    }
}
