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
    }
}
