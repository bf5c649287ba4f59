import Foundation
import Testing

/// The payee's home answers "what is on its way": payouts by status, equal to what the ledger says.
@Suite struct PayeeHomeTests {
    @Test func statusSplitEqualsThePayoutStatusesInTheLedger() throws {
        let cli = try CLIRunner()
        let ledger = CLIRunner.example("example-ledger.csv")
        let outcome = try cli.run([
            "build", ledger, "--payees", CLIRunner.example("example-payees.csv"), "--output", "site",
        ])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        // From the ledger itself: each payout's first money-out row, and the status last read on its own rows.
        let lines = try String(contentsOfFile: ledger, encoding: .utf8).split(separator: "\n").map {
            RealExportTests.fields($0)
        }
        let header = lines[0]
        func column(_ name: String) -> Int { header.firstIndex(of: name)! }
        var amount: [String: Int] = [:]
        var status: [String: String] = [:]
        // (Rows split by a quoted newline elsewhere in the file are another payee's and are passed over.)
        for row in lines.dropFirst()
        where row.count == header.count && row[column("payee_id")] == "drv_ann" && row[column("kind")] == "payout" {
            let payout = row[column("payout_id")]
            let cents = RealExportTests.cents(row[column("amount")])
            if cents < 0 && amount[payout] == nil { amount[payout] = -cents }
            status[payout] = row[column("payout_status")]
        }
        func total(_ wanted: String) -> String {
            let cents = amount.filter { status[$0.key] == wanted }.values.reduce(0, +)
            return String(format: "$%d.%02d", cents / 100, cents % 100)
        }
        // The latest entry is in November; both paid payouts were in October.
        let expected =
            "<tr><th scope=\"row\">USD</th><td class=\"num\">\(total("pending"))</td><td class=\"num\">\(total("processing"))</td>"
            + "<td class=\"num\">$0.00</td><td class=\"num\">\(total("failed"))</td></tr>"
        let home = try cli.read("site/payees/drv_ann/index.html")
        #expect(home.contains(expected), "\(expected)")
        #expect(total("pending") == "$67.00" && total("processing") == "$23.50" && total("failed") == "$31.50")
        #expect(home.contains("<th scope=\"col\" class=\"num\">Paid in November 2026</th>"))
        // Statements grouped by kind, months first, newest first within each.
        let months = try #require(home.range(of: "<h3 id=\"kind-month\">"))
        let weeks = try #require(home.range(of: "<h3 id=\"kind-week\">"))
        let days = try #require(home.range(of: "<h3 id=\"kind-day\">"))
        #expect(months.lowerBound < weeks.lowerBound && weeks.lowerBound < days.lowerBound)
        let november = try #require(home.range(of: "href=\"2026-11.html\">November 2026</a></th>"))
        let october = try #require(home.range(of: "href=\"2026-10.html\">October 2026</a></th>"))
        #expect(november.lowerBound < october.lowerBound && october.lowerBound < weeks.lowerBound)
        // Without --pdf and --letters there are no such files, and the home links none (HostingTests: with them).
        #expect(!home.contains(".pdf\"") && !home.contains("income-letter"))
        #expect(home.contains("<a href=\"2026-10.md\">md</a> · <a href=\"2026-10.csv\">csv</a></td>"))
    }

    /// Issue 28, item 4: a driver whose entries carry `payout_id po_b1` with status `pending`, whose payout row has
    /// not arrived yet. The spec takes the payout's status from its entries; the home shows the payouts by status
    /// with that money as Pending, and the balance owed split into what is in the pending payout and what is not.
    @Test func aPayoutKnownOnlyFromItsEntriesIsPendingOnTheHome() throws {
        let cli = try CLIRunner()
        try cli.write(
            "ledger.csv",
            "id,occurred_at,payee_id,payee_type,payee_name,kind,amount,currency,reference,description,payout_id,payout_status\n"
                + "b1,2026-10-02T10:00:00Z,drv_b,driver,Bea,earning,40.00,USD,job_1,Ride,po_b1,pending\n"
                + "b1:fee,2026-10-02T10:00:00Z,drv_b,driver,Bea,fee,-10.00,USD,job_1,,po_b1,pending\n"
                + "b1:tip,2026-10-02T10:30:00Z,drv_b,driver,Bea,tip,5.00,USD,job_1,,po_b1,pending\n"
                + "b2,2026-10-03T10:00:00Z,drv_b,driver,Bea,earning,20.00,USD,job_2,Ride,,\n")
        let outcome = try cli.run(["build", "ledger.csv", "--output", "site"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let home = try cli.read("site/payees/drv_b/index.html")
        // The payouts by status: po_b1's entries (40.00 - 10.00 + 5.00) as Pending.
        #expect(home.contains("<section class=\"payout-status\">"), "\(home)")
        #expect(
            home.contains(
                "<tr><th scope=\"row\">USD</th><td class=\"num\">$35.00</td><td class=\"num\">$0.00</td>"
                    + "<td class=\"num\">$0.00</td><td class=\"num\">$0.00</td></tr>"))
        // The balance owed is all 55.00, split into what no payout holds yet and what the pending payout does.
        #expect(home.contains("<span class=\"label\">USD</span> <span class=\"num\">$55.00</span>"))
        #expect(
            home.contains(
                "<ul class=\"split\"><li><span class=\"label\">Not yet in a payout</span> <span class=\"num\">$20.00</span></li>"
                    + "<li><span class=\"label\">Pending</span> <span class=\"num\">$35.00</span></li></ul>"))
        // The statement's lines already said so.
        #expect(try cli.read("site/payees/drv_b/2026-10.md").contains("po_b1 · Pending"))
        // Once the payout row arrives it is an ordinary payout: deducted from the balance, no split.
        try cli.write(
            "payouts.csv",
            "id,occurred_at,payee_id,payee_type,payee_name,kind,amount,currency,reference,description,payout_id,payout_status\n"
                + "po_b1,2026-10-04T10:00:00Z,drv_b,driver,Bea,payout,-35.00,USD,,,po_b1,pending\n")
        let later = try cli.run(["build", "ledger.csv", "payouts.csv", "--output", "site"])
        #expect(later.status == 0, "\(later.stderr)")
        let after = try cli.read("site/payees/drv_b/index.html")
        #expect(after.contains("<span class=\"label\">USD</span> <span class=\"num\">$20.00</span></li>"))
        #expect(!after.contains("class=\"split\""))
        #expect(after.contains("<tr><th scope=\"row\">USD</th><td class=\"num\">$35.00</td>"))
    }
}
