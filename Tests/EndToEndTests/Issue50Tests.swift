// swift-format-ignore-file: NeverForceUnwrap

import Foundation
import Testing

/// Issue 50 end to end: a driver's home says when a pending payout arrives, statements bring a balance forward
/// and total distances per unit, the CSVs gain their columns last, and `verify` adds the openings to the control
/// totals.
@Suite(.serialized) struct Issue50Tests {
    static let header =
        "id,occurred_at,payee_id,payee_type,payee_name,kind,amount,currency,reference,description,payout_id,payout_status,payout_arrival,distance,distance_unit\n"
    /// A driver in miles (one October job in km), a pending payout with its arrival; a merchant whose export
    /// starts mid-history with $500.00 brought forward.
    static let ledger =
        header
        + "j0,2026-10-20T10:00:00Z,drv_mi,driver,Dee,earning,10.00,USD,job_0,Ride,,,,3,km\n"
        + "j1,2026-11-02T10:00:00Z,drv_mi,driver,Dee,earning,40.00,USD,job_1,Ride,,,,12.5,mi\n"
        + "j1:fee,2026-11-02T10:00:00Z,drv_mi,driver,Dee,fee,-8.00,USD,job_1,,,,,,\n"
        + "j2,2026-11-05T10:00:00Z,drv_mi,driver,Dee,earning,35.00,USD,job_2,Ride,,,,7.25,mi\n"
        + "p1,2026-11-13T10:00:00Z,drv_mi,driver,Dee,payout,-67.00,USD,,,po_1,pending,2026-11-16,,\n"
        + "o1,2026-10-01T00:00:00Z,mer_open,merchant,Shop,opening_balance,500.00,USD,,,,,,,\n"
        + "s1,2026-10-02T10:00:00Z,mer_open,merchant,Shop,earning,100.00,USD,ch_1,Sale,,,,,\n"
        + "s1:fee,2026-10-02T10:00:00Z,mer_open,merchant,Shop,fee,-3.20,USD,ch_1,,,,,,\n"
        + "p9,2026-10-09T10:00:00Z,mer_open,merchant,Shop,payout,-400.00,USD,,,po_9,paid,2026-10-12,,\n"

    static func build(_ ledger: String = ledger) throws -> (CLIRunner, CLIRunner.Outcome) {
        let cli = try CLIRunner()
        try cli.write("ledger.csv", ledger)
        let outcome = try cli.run(["build", "ledger.csv", "--output", "site", "--periods", "month,year"])
        return (cli, outcome)
    }

    @Test func homesStatementsAndCSVsAnswerTheNextQuestion() throws {
        let (cli, outcome) = try Self.build()
        #expect(outcome.status == 0, "\(outcome.stderr)")
        // The driver's home: when the pending payout reaches the bank, in their words.
        let home = try cli.read("site/payees/drv_mi/index.html")
        #expect(home.contains("<p class=\"arrival\">Pending $67.00 — expected Monday 16 November</p>"), "\(home)")
        // Month and year statements total distance per unit, never converted.
        let november = try cli.read("site/payees/drv_mi/2026-11.md")
        #expect(november.contains("- Distance on jobs: 19.75\u{A0}mi\n"), "\(november)")
        #expect(november.contains("po\\_1") || november.contains("po_1"))
        let year = try cli.read("site/payees/drv_mi/2026.md")
        #expect(year.contains("- Distance on jobs: 3\u{A0}km · 19.75\u{A0}mi\n"), "\(year)")
        let novemberHTML = try cli.read("site/payees/drv_mi/2026-11.html")
        #expect(novemberHTML.contains("expected Monday 16 November"))
        // The merchant's first statement opens with what was brought forward; it is not activity.
        let october = try cli.read("site/payees/mer_open/2026-10.md")
        #expect(
            october.contains("- Opening balance: $500.00\n  - Brought forward: $500.00\n- Sales: $100.00\n"),
            "\(october)")
        #expect(october.contains("- **Net: $96.80**\n"))
        #expect(october.contains("- **Future payouts: $196.80**\n"))
        #expect(try cli.read("site/payees/mer_open/2026-10.html").contains("arrived Monday 12 October"))
        // CSV columns appended last; old columns where they were.
        let summary = TaxKindTests.table(try cli.read("site/finance/summary.csv"))
        #expect(
            try cli.read("site/finance/summary.csv").hasPrefix(
                "payee_id,payee_type,period,period_start,period_end,currency,opening_balance,earnings,tips,fees,adjustments,refunds,net_activity,payouts,closing_balance,entries,tax,distance_km,distance_mi,brought_forward\n"
            ))
        let merOct = summary.first { $0["payee_id"] == "mer_open" && $0["period"] == "2026-10" }!
        #expect(merOct["opening_balance"] == "500.00" && merOct["net_activity"] == "96.80")
        #expect(merOct["closing_balance"] == "196.80" && merOct["brought_forward"] == "500.00")
        let drvYear = summary.first { $0["payee_id"] == "drv_mi" && $0["period"] == "2026" }!
        #expect(drvYear["distance_km"] == "3.000" && drvYear["distance_mi"] == "19.750")
        let merYear = summary.first { $0["payee_id"] == "mer_open" && $0["period"] == "2026" }!
        #expect(merYear["earnings"] == "100.00" && merYear["distance_km"] == "" && merYear["distance_mi"] == "")
        let lines = try cli.read("site/finance/lines.csv")
        #expect(
            lines.hasPrefix(
                "payee_id,payee_type,period,currency,occurred_at,reference,description,earnings,tips,fees,adjustments,refunds,payouts,net,payout_id,payout_status,entries,tax,payout_arrival,distance,distance_unit\n"
            ))
        let lineRows = TaxKindTests.table(lines)
        #expect(
            lineRows.contains {
                $0["reference"] == "job_1" && $0["distance"] == "12.500" && $0["distance_unit"] == "mi"
            })
        #expect(lineRows.contains { $0["payout_id"] == "po_9" && $0["payout_arrival"] == "2026-10-12" })
        // The brought-forward balance is no statement line.
        #expect(!lineRows.contains { $0["payee_id"] == "mer_open" && $0["net"] == "500.00" })
        let statementCSV = try cli.read("site/payees/drv_mi/2026-11.csv")
        #expect(
            statementCSV.hasPrefix(
                "period,currency,occurred_at,reference,description,earnings,tips,adjustments,refunds,payouts,net,payout_id,payout_status,entries,tax,payout_arrival,distance_km,distance_mi\n"
            ))
        // verify adds the openings to the statements' totals: they reconcile to the ledger.
        let verified = try cli.run(["verify", "site"])
        #expect(verified.status == 0, "\(verified.stdout)\(verified.stderr)")
    }

    @Test func aSecondDifferentOpeningIsRefusedNamingBothLines() throws {
        let (_, outcome) = try Self.build(
            Self.ledger + "o2,2026-10-01T00:00:00Z,mer_open,merchant,Shop,opening_balance,400.00,USD,,,,,,,\n")
        #expect(outcome.status == 65)
        #expect(
            outcome.stderr.contains(
                "ledger.csv:11: error: kind: expected one opening_balance for payee 'mer_open' in USD (the first is 'o1' at ledger.csv:7, 500.00), got ''o2', 400.00'"
            ), "\(outcome.stderr)")
    }
}
