import LedgerPressCore
import Testing

@testable import LedgerPressImport

/// The Stripe downloads that used to import silently wrong: empty account columns, local times, unused --payee.
@Suite struct StripeSilentCasesTests {
    static let reconciliation = """
        automatic_payout_id,automatic_payout_effective_at,balance_transaction_id,created_utc,currency,gross,fee,net,reporting_category,connected_account_id,connected_account_name
        po_1,2026-10-05 00:00:00,txn_1,2026-10-03 10:00:00,usd,10.00,0.59,9.41,charge,,
        po_1,2026-10-05 00:00:00,txn_2,2026-10-03 11:00:00,usd,-2.00,0.00,-2.00,refund,,

        """

    static func read(_ csv: String, file: String = "report.csv", settings: ImportSettings) -> ImportedFile {
        StripeReportImporter.read(bytes: Array(csv.utf8), file: file, settings: settings)
    }

    @Test func emptyConnectedAccountColumnsAreNoColumnsAndPayeeApplies() {
        let result = Self.read(
            Self.reconciliation, settings: ImportSettings(payee: "acct_me", defaultPayeeType: .merchant))
        #expect(result.diagnostics.isEmpty)
        #expect(result.entries.map(\.id) == ["txn_1", "txn_1:fee", "txn_2"])
        #expect(result.entries.allSatisfy { $0.payeeID == "acct_me" })
        // The account's own view: a charge is an earning, not reversed.
        #expect(result.entries.first?.amount.minorUnits == 1000)
        #expect(result.skipped.isEmpty)
        #expect(result.usedPayeeOption)
    }

    @Test func withoutPayeeSuchARowIsAnErrorNotAPlatformRow() {
        let result = Self.read(Self.reconciliation, settings: ImportSettings(defaultPayeeType: .merchant))
        #expect(result.entries.isEmpty)
        #expect(result.rejected.count == 2)
        #expect(
            result.diagnostics.first?.message
                == "report.csv:2: error: connected_account: expected the account the row belongs to (a connected_account column, or --payee ACCOUNT), got ''"
        )
    }

    @Test func aPlatformReportsOwnRowsAreSkippedAndCounted() {
        let csv = Self.reconciliation.replacingOccurrences(of: "charge,,", with: "charge,acct_d1,Dee")
        let result = Self.read(csv, settings: ImportSettings(defaultPayeeType: .driver))
        #expect(result.entries.map(\.payeeID) == ["acct_d1", "acct_d1"])
        #expect(result.skipped == [SkippedRows(reason: "of the platform's own (no connected_account_id)", count: 1)])
        #expect(result.rowsRead == 2)
        #expect(!result.usedPayeeOption)
    }

    @Test func aRepeatedColumnNoRowIsReadFromIsNoError() {
        let csv = Self.reconciliation.replacingOccurrences(
            of: "connected_account_name\n",
            with: "connected_account_name,payment_metadata[email],payment_metadata[email]\n"
        )
        .replacingOccurrences(of: ",,\n", with: ",,,,\n")
        let result = Self.read(csv, settings: ImportSettings(payee: "acct_me", defaultPayeeType: .merchant))
        #expect(result.diagnostics.isEmpty)
        #expect(result.entries.count == 3)
        // A column it reads, given twice, still is: which of the two is meant cannot be known.
        let twice = Self.reconciliation.replacingOccurrences(
            of: "connected_account_name\n", with: "connected_account_name,net\n"
        )
        .replacingOccurrences(of: ",,\n", with: ",,1.00\n")
        #expect(
            Self.read(twice, settings: ImportSettings(payee: "acct_me", defaultPayeeType: .merchant)).diagnostics.first?
                .message
                .hasPrefix(
                    "report.csv:1: error: header: expected each column named once ('net' is column 8 and column 12), got "
                ) == true)
    }

    static let local = """
        balance_transaction_id,created,currency,gross,fee,net,reporting_category
        txn_1,2026-10-03 23:30:00,usd,10.00,0.00,10.00,charge

        """

    @Test func localTimesTakeTheZoneInTheFileName() {
        let settings = ImportSettings(payee: "acct_me", defaultPayeeType: .merchant)
        let result = Self.read(
            Self.local,
            file: "/tmp/Itemized_balance_change_from_activity_USD_2026-10-01_to_2026-10-31_America-Denver.csv",
            settings: settings)
        #expect(result.diagnostics.isEmpty)
        // 23:30 in Denver (MDT, -06:00) is 05:30 UTC the next day.
        #expect(result.entries.first.map { ZoneClock.utc.localText($0.occurredAt) } == "2026-10-04T05:30:00+00:00")
        // --source-timezone wins over the name.
        var explicit = settings
        explicit.sourceZone = ZoneClock(identifier: "Asia/Tokyo")
        let tokyo = Self.read(Self.local, file: "x_America-Denver.csv", settings: explicit)
        #expect(tokyo.entries.first.map { ZoneClock.utc.localText($0.occurredAt) } == "2026-10-03T14:30:00+00:00")
    }

    /// Issue 28: Stripe's `tax` reporting category is the tax Stripe charges on its own fees (VAT/GST), a cost like
    /// the fee, never sales tax collected for someone else: it stays a `fee`, and the charge (whose gross holds any
    /// sales tax Stripe Tax collected) stays an `earning`. No Stripe row makes a `tax` entry.
    @Test func stripesTaxCategoryIsTaxOnItsFeesAndStaysAFee() {
        let report = """
            balance_transaction_id,created_utc,currency,gross,fee,net,reporting_category
            txn_1,2026-10-03 12:00:00,usd,108.25,3.44,104.81,charge
            txn_2,2026-10-31 12:00:00,usd,-0.69,0.00,-0.69,tax

            """
        let result = Self.read(report, settings: ImportSettings(payee: "acct_me", defaultPayeeType: .merchant))
        #expect(result.diagnostics.isEmpty)
        #expect(result.entries.map(\.kind) == [.earning, .fee, .fee])
        #expect(result.entries.map(\.amount.minorUnits) == [10_825, -344, -69])
    }

    @Test func localTimesWithoutAZoneAreRefusedNeverReadAsUTC() {
        let result = Self.read(
            Self.local, file: "balance.csv", settings: ImportSettings(payee: "acct_me", defaultPayeeType: .merchant))
        #expect(result.entries.isEmpty)
        #expect(
            result.diagnostics.map(\.message) == [
                "balance.csv:1: error: created: expected the zone of these local times: --source-timezone ZONE, or the zone at the end of the file name "
                    + "as Stripe names downloads (..._America-Denver.csv); reading them as UTC would shift every time, got 'no zone'"
            ])
    }

    @Test func zonesInFileNames() {
        let names = [
            "Balance_change_from_activity_USD_2026-01-01_to_2026-01-31_America-Argentina-Buenos_Aires.csv":
                "America/Argentina/Buenos_Aires",
            "Payout_reconciliation_2026-01-01_to_2026-01-31_America-Port-au-Prince.csv": "America/Port-au-Prince",
            "report_Etc-UTC.csv": "Etc/UTC",
            "report_Europe-Berlin (1).csv": "Europe/Berlin",
            "report_UTC.csv": "UTC",
        ]
        for (name, zone) in names { #expect(StripeSourceZone.fromFileName(name)?.identifier == zone, "\(name)") }
        for name in ["balance.csv", "report_2026-01-31.csv", "report_Mars-Olympus.csv"] {
            #expect(StripeSourceZone.fromFileName(name) == nil, "\(name)")
        }
    }

    @Test func aPayeeAssignmentNoInputUsedIsReported() {
        let platform = Self.read(
            Self.reconciliation.replacingOccurrences(of: ",,\n", with: ",acct_d1,Dee\n"),
            settings: ImportSettings(payee: "acct_me", defaultPayeeType: .driver))
        var settings = ImportSettings(payee: "acct_me", payeeByFile: ["missing.csv": "acct_x"])
        let problems = settings.unusedPayeeAssignments([platform]).map(\.message)
        #expect(
            problems == [
                "--payee: error: expected FILE=ACCOUNT for an input file given to this run, got 'missing.csv=acct_x'",
                "--payee: error: expected an input that needs an account (every input names the account of each row itself), got 'acct_me'",
            ])
        settings.payeeByFile = [:]
        let own = Self.read(
            Self.reconciliation, settings: ImportSettings(payee: "acct_me", defaultPayeeType: .merchant))
        #expect(settings.unusedPayeeAssignments([own]).isEmpty)
    }

    @Test func dashboardAmountsWithADecimalCommaAreRead() {
        let csv =
            "id,Type,Source,Amount,Fee,Net,Currency,Created (UTC)\ntxn_1,charge,ch_1,\"104,13\",\"3,32\",\"100,81\",eur,2026-10-04 02:14\n"
        let result = StripeDashboardImporter.read(
            bytes: Array(csv.utf8), file: "b.csv",
            settings: ImportSettings(payee: "acct_me", defaultPayeeType: .merchant))
        #expect(result.diagnostics.isEmpty)
        #expect(result.entries.map(\.amount.minorUnits) == [10_413, -332])
        for text in ["1,234,56", "1,23456", ",50", "1,5a"] {
            #expect(StripeAmount.decimalComma(text) == nil, "\(text)")
        }
    }
}
