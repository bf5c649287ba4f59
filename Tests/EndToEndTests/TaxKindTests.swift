// swift-format-ignore-file: NeverForceUnwrap

import Foundation
import Testing

/// Issue 28, item 3: the `tax` kind (sales tax collected for someone else). Its own line on statements, its own
/// column at the end of every finance and statement CSV, part of net and of what the payee is owed, never part of
/// sales or of a driver's take; and the Square mappings book Square's Tax as `tax`.
@Suite(.serialized) struct TaxKindTests {
    static let header =
        "id,occurred_at,payee_id,payee_type,payee_name,kind,amount,currency,reference,description,payout_id,payout_status\n"
    /// A merchant: two sales with tax and a fee, one of them refunded with its tax; a driver with one tax entry.
    static let ledger =
        header
        + "s1,2026-10-02T10:00:00Z,mer_tax,merchant,Tax Shop,earning,100.00,USD,ch_1,Sale,,\n"
        + "s1:tax,2026-10-02T10:00:00Z,mer_tax,merchant,Tax Shop,tax,8.25,USD,ch_1,,,\n"
        + "s1:fee,2026-10-02T10:00:00Z,mer_tax,merchant,Tax Shop,fee,-3.44,USD,ch_1,,,\n"
        + "s2,2026-10-05T10:00:00Z,mer_tax,merchant,Tax Shop,earning,50.00,USD,ch_2,Sale,,\n"
        + "s2:tax,2026-10-05T10:00:00Z,mer_tax,merchant,Tax Shop,tax,4.13,USD,ch_2,,,\n"
        + "r1,2026-10-06T10:00:00Z,mer_tax,merchant,Tax Shop,refund,-50.00,USD,ch_2,Refund,,\n"
        + "r1:tax,2026-10-06T10:00:00Z,mer_tax,merchant,Tax Shop,tax,-4.13,USD,ch_2,,,\n"
        + "d1,2026-10-03T10:00:00Z,drv_tax,driver,Dee,earning,30.00,USD,job_1,Ride,,\n"
        + "d1:fee,2026-10-03T10:00:00Z,drv_tax,driver,Dee,fee,-7.50,USD,job_1,,,\n"
        + "d1:tax,2026-10-03T10:00:00Z,drv_tax,driver,Dee,tax,2.40,USD,job_1,,,\n"

    static func build() throws -> CLIRunner {
        let cli = try CLIRunner()
        try cli.write("ledger.csv", ledger)
        let outcome = try cli.run(["build", "ledger.csv", "--output", "site", "--periods", "day,week,month,year"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        return cli
    }

    /// A CSV's rows as column → value.
    static func table(_ text: String) -> [[String: String]] {
        let lines = text.split(separator: "\n")
        let header = RealExportTests.fields(lines[0])
        return lines.dropFirst().map {
            Dictionary(zip(header, RealExportTests.fields($0)), uniquingKeysWith: { a, _ in a })
        }
    }

    @Test func aMerchantStatementShowsSalesWithoutTaxATaxLineAndNetWithIt() throws {
        let cli = try Self.build()
        let month = try cli.read("site/payees/mer_tax/2026-10.md")
        #expect(month.contains("- Sales: $150.00\n"), "\(month)")
        #expect(month.contains("- Refunds: -$50.00\n- Tax collected: $8.25\n- Processing fees: -$3.44\n"))
        #expect(month.contains("- **Net: $104.81**\n"))
        #expect(month.contains("- **Future payouts: $104.81**\n"))
        // The year statement's reconciliation lists it too; its gross by month (sales) leaves it out.
        let year = try cli.read("site/payees/mer_tax/2026.md")
        #expect(year.components(separatedBy: "- Tax collected: $8.25\n").count == 3, "\(year)")
        #expect(!year.contains("$158.25"))
        // The lines table has a Tax column (only where some line has tax).
        let html = try cli.read("site/payees/mer_tax/2026-10.html")
        #expect(html.contains(">Tax collected</th>"))
        // The home's all-time table shows it; a payee without tax has no such column.
        let home = try cli.read("site/payees/mer_tax/index.html")
        #expect(home.contains("<th scope=\"col\" class=\"num\">Tax collected</th>"))
        #expect(home.contains("<td class=\"num\">$8.25</td>"))
    }

    @Test func aDriverKeepsTaxOutOfTheTakeAndSeesItOnItsOwnLine() throws {
        let cli = try Self.build()
        let month = try cli.read("site/payees/drv_tax/2026-10.md")
        #expect(month.contains("- Your take from jobs: $22.50\n"), "\(month)")
        #expect(month.contains("- Tax collected: $2.40\n"))
        #expect(month.contains("- **Net earnings: $24.90**\n"))
        #expect(month.contains("- **Balance owed to you: $24.90**\n"))
        // The driver's CSV: take (fees folded in), then the tax in the last column.
        let csv = Self.table(try cli.read("site/payees/drv_tax/2026-10.csv"))
        #expect(csv.count == 1)
        #expect(csv[0]["earnings"] == "22.50" && csv[0]["tax"] == "2.40" && csv[0]["net"] == "24.90")
        #expect(csv[0]["fees"] == nil)
    }

    @Test func financeCSVsEndWithTaxAndTheirColumnsReconcileToTheLedger() throws {
        let cli = try Self.build()
        let summaryText = try cli.read("site/finance/summary.csv")
        #expect(
            summaryText.hasPrefix(
                "payee_id,payee_type,period,period_start,period_end,currency,opening_balance,earnings,tips,fees,adjustments,refunds,net_activity,payouts,closing_balance,entries,tax,distance_km,distance_mi,brought_forward\n"
            ))
        let linesText = try cli.read("site/finance/lines.csv")
        #expect(
            linesText.hasPrefix(
                "payee_id,payee_type,period,currency,occurred_at,reference,description,earnings,tips,fees,adjustments,refunds,payouts,net,payout_id,payout_status,entries,tax,payout_arrival,distance,distance_unit\n"
            ))
        #expect(
            try cli.read("site/payees/mer_tax/2026-10.csv").hasPrefix(
                "period,currency,occurred_at,reference,description,earnings,tips,fees,adjustments,refunds,payouts,net,payout_id,payout_status,entries,tax,payout_arrival,distance_km,distance_mi\n"
            ))
        // The ledger's sums by kind, per payee, in cents.
        var ledger: [String: [String: Int]] = [:]
        for row in Self.table(Self.ledger) {
            ledger[row["payee_id"]!, default: [:]][row["kind"]!, default: 0] += RealExportTests.cents(row["amount"])
        }
        let columns = [
            "earning": "earnings", "tip": "tips", "fee": "fees", "adjustment": "adjustments",
            "refund": "refunds", "payout": "payouts", "tax": "tax",
        ]
        // Each kind of statement (here the month and the year) adds up, column by column, to the ledger.
        for label in ["2026-10", "2026"] {
            for payee in ["mer_tax", "drv_tax"] {
                let rows = Self.table(summaryText).filter { $0["payee_id"] == payee && $0["period"] == label }
                #expect(rows.count == 1)
                let row = rows[0]
                for (kind, column) in columns {
                    #expect(
                        RealExportTests.cents(row[column]) == ledger[payee]?[kind] ?? 0, "\(payee) \(label) \(column)")
                }
                let activity = ["earnings", "tips", "fees", "adjustments", "refunds", "tax"].reduce(0) {
                    $0 + RealExportTests.cents(row[$1])
                }
                #expect(RealExportTests.cents(row["net_activity"]) == activity)
                #expect(
                    RealExportTests.cents(row["closing_balance"]) == activity + RealExportTests.cents(row["payouts"]))
                let lines = Self.table(linesText).filter { $0["payee_id"] == payee && $0["period"] == label }
                for (kind, column) in columns {
                    let sum = lines.reduce(0) { $0 + RealExportTests.cents($1[column]) }
                    #expect(sum == ledger[payee]?[kind] ?? 0, "lines \(payee) \(label) \(column)")
                }
                #expect(lines.reduce(0) { $0 + RealExportTests.cents($1["net"]) } == activity)
            }
        }
        #expect(ledger["mer_tax"]?["tax"] == 825 && ledger["drv_tax"]?["tax"] == 240)
        // The control totals take the tax in (the ledger's total is every entry), and verify agrees with the site.
        let manifest = try cli.read("site/manifest.json")
        #expect(manifest.contains("\"ledger_total\" : \"129.71\""), "\(manifest)")
        let verify = try cli.run(["verify", "site"])
        #expect(verify.status == 0, "\(verify.stderr)")
    }

    /// The sums of a real Square export's columns (of the rows of one event type, or all), as it was downloaded.
    struct ColumnSums {
        let rows: [[String: String]]

        func callAsFunction(_ column: String, _ event: String? = nil) -> Int {
            rows.filter { event == nil || $0["Event Type"] == event }.reduce(0) {
                $0 + RealExportTests.cents($1[column])
            }
        }
    }

    /// A real Square export built with its shipped mapping for one merchant: its column sums, and the finance
    /// summary's row of `period`.
    static func squareBuild(_ name: String, periods: String, period: String) throws -> (ColumnSums, [String: String]) {
        let sum = ColumnSums(rows: try RealExportTests.rows(name + ".csv"))
        let cli = try CLIRunner()
        let outcome = try cli.run([
            "build", CLIRunner.fixture("exports/\(name).csv"), "--mapping", RealExportTests.mapping(name + ".yaml"),
            "--payee", "mer_test", "--payee-type", "merchant", "--output", "site", "--periods", periods,
        ])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let row = try #require(Self.table(try cli.read("site/finance/summary.csv")).first { $0["period"] == period })
        return (sum, row)
    }

    @Test func squareItemSalesBookTheTaxApartFromSales() throws {
        let (sum, month) = try Self.squareBuild("square-item-sales", periods: "month", period: "2026-10")
        #expect(RealExportTests.cents(month["earnings"]) == sum("Gross Sales", "Payment"))
        #expect(RealExportTests.cents(month["refunds"]) == sum("Gross Sales", "Refund"))
        #expect(RealExportTests.cents(month["adjustments"]) == sum("Discounts"))
        #expect(RealExportTests.cents(month["tax"]) == sum("Tax"))
        #expect(sum("Tax") == 946 && sum("Gross Sales", "Payment") == 25_833)
        #expect(RealExportTests.cents(month["net_activity"]) == sum("Net Sales") + sum("Tax"))
    }

    @Test func squareTransactionsBookTheTaxApartAndStillAddUpToNetTotal() throws {
        let (sum, year) = try Self.squareBuild("square-transactions", periods: "year", period: "2026")
        #expect(RealExportTests.cents(year["tax"]) == sum("Tax"))
        #expect(
            RealExportTests.cents(year["earnings"]) == sum("Total Collected", "Payment") - sum("Tax", "Payment"))
        #expect(RealExportTests.cents(year["refunds"]) == sum("Total Collected", "Refund") - sum("Tax", "Refund"))
        #expect(RealExportTests.cents(year["fees"]) == sum("Fees"))
        #expect(RealExportTests.cents(year["closing_balance"]) == sum("Net Total"))
        #expect(sum("Tax") == 16_697)
    }
}
