// swift-format-ignore-file: NeverForceUnwrap

import Foundation
import Testing

/// The shipped mappings on rows written in the exact layouts PayPal, Square and Shopify download (our own
/// rows, never a real person's): each builds to the cent of what the export itself says moved.
@Suite(.serialized) struct RealExportTests {
    static func mapping(_ name: String) -> String {
        CLIRunner.repository.appendingPathComponent("Examples/mappings/" + name).path
    }

    /// A CSV line's fields (quotes undone), enough for these fixtures.
    static func fields(_ line: Substring) -> [String] {
        var fields: [String] = []
        var field = ""
        var quoted = false
        var chars = line.makeIterator()
        while let c = chars.next() {
            if c == "\"" {
                quoted.toggle()
                continue
            }
            if c == ",", !quoted {
                fields.append(field)
                field = ""
            } else {
                field.append(c)
            }
        }
        fields.append(field)
        return fields
    }

    /// The fixture's rows as column → value.
    static func rows(_ fixture: String) throws -> [[String: String]] {
        let text = try String(contentsOfFile: CLIRunner.fixture("exports/" + fixture), encoding: .utf8)
        let lines = text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
        let header = fields(lines[0])
        return lines.dropFirst().map { line in
            Dictionary(zip(header, fields(line)), uniquingKeysWith: { first, _ in first })
        }
    }

    /// `$1,234.56`, `-$0.53`, `1,206.01` → cents.
    static func cents(_ text: String?) -> Int {
        let body = (text ?? "").replacingOccurrences(of: "$", with: "").replacingOccurrences(of: ",", with: "")
            .trimmingCharacters(in: .whitespaces)
        let negative = body.hasPrefix("-")
        let digits = body.replacingOccurrences(of: "-", with: "").split(separator: ".")
        let value = (Int(digits.first ?? "0") ?? 0) * 100 + (digits.count > 1 ? Int(digits[1]) ?? 0 : 0)
        return negative ? -value : value
    }

    /// Builds the export through its mapping and returns each currency's closing balance (cents) of the last month.
    static func closing(_ fixture: String, mapping: String) throws -> (closing: [String: Int], check: String) {
        let cli = try CLIRunner()
        let input = CLIRunner.fixture("exports/" + fixture)
        let arguments = [input, "--mapping", Self.mapping(mapping), "--payee", "mer_test", "--payee-type", "merchant"]
        let check = try cli.run(["check"] + arguments)
        #expect(check.status == 0, "\(check.stderr)")
        let outcome = try cli.run(["build"] + arguments + ["--periods", "month", "--timezone", "America/Los_Angeles"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let summary = try cli.read("output/finance/summary.csv").split(separator: "\n").map { fields($0) }
        let header = summary[0]
        let column = { (name: String) in header.firstIndex(of: name)! }
        var last: [String: (String, Int)] = [:]
        for row in summary.dropFirst() where row[column("payee_id")] == "mer_test" {
            let currency = row[column("currency")]
            let end = row[column("period_end")]
            if last[currency].map({ $0.0 < end }) ?? true {
                last[currency] = (end, cents(row[column("closing_balance")]))
            }
        }
        return (last.mapValues(\.1), check.stdout)
    }

    @Test func paypalActivityDownloadMovesLikePayPalsOwnBalance() throws {
        let rows = try Self.rows("paypal-activity-full.csv")
        // What PayPal's Balance column says moved, per currency: last balance minus the balance before the first row.
        var first: [String: Int] = [:]
        var last: [String: Int] = [:]
        for row in rows where row["Balance Impact"] != "Memo" {
            let currency = row["Currency"]!
            if first[currency] == nil { first[currency] = Self.cents(row["Balance"]) - Self.cents(row["Net"]) }
            last[currency] = Self.cents(row["Balance"])
        }
        let moved = last.merging(first) { $0 - $1 }
        #expect(moved == ["USD": 8_643, "EUR": 7_693])
        // Issue 50: the download starts mid-history (USD held 250.00 before its first row): the mapping brings that
        // forward from the Balance column, so the statements close at PayPal's own last Balance, to the cent.
        #expect(first == ["USD": 25_000, "EUR": 0])
        let built = try Self.closing("paypal-activity-full.csv", mapping: "paypal-activity.yaml")
        #expect(built.closing == last)
        // Memo rows (an authorization seen twice with one id, an invoice sent) are skipped and counted; the opening
        // is an entry of the first row, never a row of its own.
        #expect(
            built.check.contains(
                "paypal-activity-full.csv: mapped, 15 rows read = 12 accepted + 0 rejected + 3 skipped (3 by skip[0]: Balance Impact equals Memo); "
                    + "19 entries, 1 payees, EUR USD"))
    }

    @Test func paypalBalanceAffectingLayoutWithoutTransactionIds() throws {
        let rows = try Self.rows("paypal-balance-affecting.csv")
        let moved = Self.cents(rows.last!["Balance"]) - (Self.cents(rows[0]["Balance"]) - Self.cents(rows[0]["Amount"]))
        let built = try Self.closing("paypal-balance-affecting.csv", mapping: "paypal-balance-affecting.yaml")
        #expect(built.closing == ["USD": moved])
        #expect(moved == 1_563)
        #expect(built.check.contains("8 rows read = 8 accepted + 0 rejected + 0 skipped; 8 entries, 1 payees, USD"))
    }

    @Test func squareTransactionsAddUpToNetTotal() throws {
        let rows = try Self.rows("square-transactions.csv")
        let netTotal = rows.reduce(0) { $0 + Self.cents($1["Net Total"]) }
        let built = try Self.closing("square-transactions.csv", mapping: "square-transactions.yaml")
        #expect(built.closing == ["USD": netTotal])
        #expect(netTotal == 179_833)
    }

    @Test func squareItemSalesCountEveryLineOfAnOrder() throws {
        let rows = try Self.rows("square-item-sales.csv")
        let sales = rows.reduce(0) { $0 + Self.cents($1["Net Sales"]) + Self.cents($1["Tax"]) }
        let built = try Self.closing("square-item-sales.csv", mapping: "square-item-sales.yaml")
        #expect(built.closing == ["USD": sales])
        #expect(sales == 19_875)
        // Three lines of one order (two of them identical but for the tax) are three lines, not one.
        #expect(built.check.contains("5 rows read = 5 accepted + 0 rejected + 0 skipped; 11 entries, 1 payees, USD"))
    }

    @Test func shopifyPaymentTransactionsAddUpToNet() throws {
        let rows = try Self.rows("shopify-payment-transactions.csv")
        let net = rows.reduce(0) { $0 + Self.cents($1["Net"]) }
        let built = try Self.closing("shopify-payment-transactions.csv", mapping: "shopify-payments.yaml")
        #expect(built.closing == ["USD": net])
        #expect(net == 188_313)
    }

    @Test func theSameExportReadTwiceCountsOnce() throws {
        let cli = try CLIRunner()
        let input = CLIRunner.fixture("exports/shopify-payment-transactions.csv")
        try cli.write("again.csv", try String(contentsOfFile: input, encoding: .utf8))
        let outcome = try cli.run([
            "check", input, "again.csv", "--mapping", Self.mapping("shopify-payments.yaml"), "--payee", "mer_test",
            "--payee-type", "merchant",
        ])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(
            outcome.stdout.contains(
                "again.csv: mapped, 9 rows read = 9 accepted + 0 rejected + 0 skipped; 16 entries (0 new, 16 already read)"
            ))
    }

    @Test func stripePaymentsAndPayoutsExportsTogether() throws {
        let cli = try CLIRunner()
        let payments = CLIRunner.fixture("exports/unified_payments.csv")
        let payouts = CLIRunner.fixture("exports/payouts.csv")
        let options = ["--payee", "mer_test", "--payee-type", "merchant", "--periods", "month"]
        let outcome = try cli.run(["build", payments, payouts] + options)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let summary = try cli.read("output/finance/summary.csv")
        // USD: payments 25.00 − 1.03 + 750.00 − 195.00 − 22.05 + 8.00 − 8.00 − 0.53 = 556.39, payouts −43.21 − 120.00 + 20.35 = −142.86;
        // THB: 534.80 − 35.40.
        let rows = summary.split(separator: "\n").map(String.init)
        #expect(rows.contains { $0.contains(",USD,") && $0.hasSuffix(",413.53,11,0.00,,,0.00") }, "\(summary)")
        #expect(rows.contains { $0.contains(",THB,") && $0.hasSuffix(",499.40,2,0.00,,,0.00") }, "\(summary)")
        // The same payout also read from the balance history is refused, naming both places.
        try cli.write(
            "balance.csv",
            "id,Type,Source,Amount,Fee,Net,Currency,Created (UTC)\ntxn_p1,payout,po_1,-43.21,0.00,-43.21,usd,2026-10-05 00:18\n"
        )
        let twice = try cli.run(["build", payouts, "balance.csv", "--output", "twice"] + options)
        #expect(twice.status == 65)
        #expect(
            twice.stderr.contains(
                "balance.csv:2: error: expected each payout read once: po_1 is also in the payouts export at"))
    }
}
