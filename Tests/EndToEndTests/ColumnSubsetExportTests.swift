// swift-format-ignore-file: NeverForceUnwrap

import Foundation
import Testing

/// Issue 28: exports whose columns the user chose, and PayPal downloads in German, French, Spanish and Portuguese,
/// each re-created with our own rows in the layout a real download has; each builds to the cent.
@Suite(.serialized) struct ColumnSubsetExportTests {
    /// `1.234,56`, `1 234,56`, `-0,53` → cents.
    static func commaCents(_ text: String?) -> Int {
        let body = (text ?? "").replacingOccurrences(of: " ", with: "").replacingOccurrences(of: ".", with: "")
            .replacingOccurrences(of: ",", with: ".")
        return RealExportTests.cents(body)
    }

    /// A fixture's rows as column → value, for `;`-separated files without quotes or PayPal's quoted `,` files.
    static func rows(_ fixture: String, separator: Character = ",") throws -> [[String: String]] {
        let text = try String(contentsOfFile: CLIRunner.fixture("exports/" + fixture), encoding: .utf8)
        let lines = text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        func fields(_ line: Substring) -> [String] {
            separator == ","
                ? RealExportTests.fields(line)
                : line.split(separator: separator, omittingEmptySubsequences: false).map(String.init)
        }
        let header = fields(lines[0])
        return lines.dropFirst().map { Dictionary(zip(header, fields($0)), uniquingKeysWith: { first, _ in first }) }
    }

    /// The summary rows of payee `mer_test` for month periods, per currency: the sums of each column, in cents.
    static func totals(_ cli: CLIRunner) throws -> [String: [String: Int]] {
        let summary = try cli.read("output/finance/summary.csv").split(separator: "\n").map {
            RealExportTests.fields($0)
        }
        let header = summary[0]
        var totals: [String: [String: Int]] = [:]
        for row in summary.dropFirst() where row[header.firstIndex(of: "payee_id")!] == "mer_test" {
            let values = Dictionary(zip(header, row), uniquingKeysWith: { first, _ in first })
            guard values["period"]!.count == 7 else { continue }  // months only
            for column in ["earnings", "tips", "fees", "adjustments", "refunds", "payouts", "net_activity"] {
                totals[values["currency"]!, default: [:]][column, default: 0] += RealExportTests.cents(values[column])
            }
        }
        return totals
    }

    @Test func stripePaymentsResavedByAEuropeanSpreadsheetWithoutRefundColumns() throws {
        let rows = try Self.rows("stripe-payments-eu-subset.csv", separator: ";")
        #expect(rows.count == 36)
        #expect(rows.allSatisfy { $0["Status"] == "Paid" && $0["Captured"] == "TRUE" })
        // By hand: every row is Paid; the converted amount is what reached the EUR balance, less the fee.
        let earnings = rows.reduce(0) { $0 + Self.commaCents($1["Converted Amount"]) }
        let fees = rows.reduce(0) { $0 + Self.commaCents($1["Fee"]) }
        #expect(earnings == 1_076_130)
        #expect(fees == 17_030)
        let cli = try CLIRunner()
        let input = CLIRunner.fixture("exports/stripe-payments-eu-subset.csv")
        let options = ["--payee", "mer_test", "--payee-type", "merchant"]
        let check = try cli.run(["check", input] + options)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(
            check.stdout.contains(
                "stripe-payments-eu-subset.csv: stripe-payments, 36 rows read = 36 accepted + 0 rejected + 0 skipped; 72 entries, 1 payees, EUR"
            ), "\(check.stdout)")
        let build = try cli.run(["build", input, "--periods", "month"] + options)
        #expect(build.status == 0, "\(build.stderr)")
        let totals = try Self.totals(cli)
        #expect(totals.keys.sorted() == ["EUR"])
        #expect(totals["EUR"]?["earnings"] == earnings)
        #expect(totals["EUR"]?["fees"] == -fees)
        #expect(totals["EUR"]?["net_activity"] == 1_059_100)
        // The same file read again counts once (ids derived from each row's content).
        let twice = try cli.run(["check", input, input] + options)
        #expect(twice.stdout.contains("72 entries (0 new, 72 already read)"), "\(twice.stdout)")
    }

    @Test func aRefundedRowInThatLayoutIsRefusedNamingTheMissingColumn() throws {
        let cli = try CLIRunner()
        let header =
            "Created date (UTC);Amount;Currency;Captured;Converted Amount;Converted Currency;Fee;Payment Source Type;Status;Taxes On Fee;Card Address Country;Card Funding;Card Issue Country;Customer ID;Invoice Number"
        try cli.write(
            "pay.csv",
            header + "\r\n2026-10-01 08:00:00;25,00;eur;TRUE;25,00;eur;0,62;card;Paid;0,00;DE;credit;DE;cus_1;\r\n"
                + "2026-10-02 08:00:00;40,00;eur;TRUE;40,00;eur;0,85;card;Refunded;0,00;DE;credit;DE;cus_2;\r\n")
        let outcome = try cli.run(["check", "pay.csv", "--payee", "mer_test", "--payee-type", "merchant"])
        #expect(outcome.status == 65)
        #expect(
            outcome.stderr.hasPrefix(
                "pay.csv:3: error: Amount Refunded: expected a column 'Amount Refunded' or 'Converted Amount Refunded' in the export (a row with Status 'Refunded' needs it), got 'no such column'"
            ), "\(outcome.stderr)")
    }

    @Test func anExportMissingWhatTheMoneyNeedsNamesTheClosestFormatAndNotPayee() throws {
        let cli = try CLIRunner()
        try cli.write(
            "pay.csv",
            "Created date (UTC);Amount;Currency;Captured;Status\r\n2026-10-01 08:00:00;25,00;eur;TRUE;Paid\r\n")
        let outcome = try cli.run(["check", "pay.csv", "--payee", "mer_test", "--payee-type", "merchant"])
        #expect(outcome.status == 65)
        #expect(
            outcome.stderr
                == "pay.csv:1: error: header: expected a header row of a known format: the closest is stripe-payments, which also needs Fee (or give --mapping FILE for another layout), got 'Created date (UTC);Amount;Currency;Captured;Status'\n"
                + "ledgerpress: 1 problem(s) in the input\n",
            "\(outcome.stderr)")
    }

    /// Builds a PayPal download through a shipped mapping; its closing balances must be the change of the download's
    /// own balance column, per currency, or, where the mapping brings the balance before the download forward
    /// (`fields.balance`, issue 50), that column's last value.
    static func paypal(
        _ fixture: String, mapping: String, balance: String, net: String, impact: String?, memo: String,
        bringsForward: Bool = false
    )
        throws -> (built: [String: Int], check: String)
    {
        let rows = try Self.rows(fixture)
        var first: [String: Int] = [:]
        var last: [String: Int] = [:]
        let currencyColumn = rows[0].keys.first { ["Currency", "Währung", "Devise", "Divisa", "Moeda"].contains($0) }!
        for row in rows where impact.map({ row[$0] != memo }) ?? true {
            let currency = row[currencyColumn]!
            let amount =
                fixture.hasSuffix("custom.csv") ? RealExportTests.cents(row[balance]) : Self.commaCents(row[balance])
            let moved = fixture.hasSuffix("custom.csv") ? RealExportTests.cents(row[net]) : Self.commaCents(row[net])
            if first[currency] == nil { first[currency] = amount - moved }
            last[currency] = amount
        }
        let built = try RealExportTests.closing(fixture, mapping: mapping)
        #expect(built.closing == (bringsForward ? last : last.merging(first) { $0 - $1 }), "\(fixture)")
        return (built.closing, built.check)
    }

    @Test func paypalCustomColumnDownloadWithoutInvoiceNumberOrBalanceImpact() throws {
        let rows = try Self.rows("paypal-activity-custom.csv")
        #expect(rows[0]["Invoice Number"] == nil && rows[0]["Balance Impact"] == nil)
        let built = try Self.paypal(
            "paypal-activity-custom.csv", mapping: "paypal-activity.yaml", balance: "Balance", net: "Net", impact: nil,
            memo: "", bringsForward: true)
        // By hand: USD 2,362.53 and EUR 639.85 moved (the authorizations, memo rows, move nothing), on top of the
        // USD 500.00 and EUR 200.00 the account held before the download's first row (brought forward, issue 50).
        #expect(built.built == ["USD": 286_253, "EUR": 83_985])
        #expect(
            built.check.contains(
                "paypal-activity-custom.csv: mapped, 33 rows read = 30 accepted + 0 rejected + 3 skipped (3 by skip[1]: Type in General Authorization"
            ), "\(built.check)")
    }

    @Test(arguments: [
        ("paypal-activity-de.csv", "paypal-activity-de.yaml", "Guthaben", "Netto", "Auswirkung auf Guthaben", "Memo"),
        ("paypal-activity-fr.csv", "paypal-activity-fr.yaml", "Solde", "Net", "Impact sur le solde", "Mémo"),
        ("paypal-activity-es.csv", "paypal-activity-es.yaml", "Saldo", "Neto", "Impacto en el saldo", "Memo"),
        ("paypal-activity-pt.csv", "paypal-activity-pt.yaml", "Saldo", "Líquido", "Impacto no saldo", "Memo"),
    ])
    func paypalDownloadsInOtherLanguages(
        fixture: String, mapping: String, balance: String, net: String, impact: String, memo: String
    ) throws {
        let built = try Self.paypal(
            fixture, mapping: mapping, balance: balance, net: net, impact: impact, memo: memo)
        #expect(built.built == ["USD": 236_253, "EUR": 63_985])
        #expect(
            built.check.contains(
                "\(fixture): mapped, 33 rows read = 30 accepted + 0 rejected + 3 skipped (3 by skip[0]: \(impact)"),
            "\(built.check)")
    }

    @Test func translatedKindsAndNumbersAreReadAsTheEnglishOnes() throws {
        // The same rows in five languages make the same finance totals: sales, tips, refunds and payouts by type.
        var all: [[String: [String: Int]]] = []
        for (fixture, mapping) in [
            ("paypal-activity-custom.csv", "paypal-activity.yaml"),
            ("paypal-activity-de.csv", "paypal-activity-de.yaml"),
            ("paypal-activity-fr.csv", "paypal-activity-fr.yaml"),
            ("paypal-activity-es.csv", "paypal-activity-es.yaml"),
            ("paypal-activity-pt.csv", "paypal-activity-pt.yaml"),
        ] {
            let cli = try CLIRunner()
            let outcome = try cli.run([
                "build", CLIRunner.fixture("exports/" + fixture), "--mapping", RealExportTests.mapping(mapping),
                "--payee", "mer_test", "--payee-type", "merchant", "--periods", "month",
            ])
            #expect(outcome.status == 0, "\(fixture): \(outcome.stderr)")
            all.append(try Self.totals(cli))
        }
        #expect(all.allSatisfy { $0 == all[0] })
        // By hand from the rows: USD tips 3 × 5.00, payouts 3 × −300.00.
        #expect(all[0]["USD"]?["tips"] == 1_500)
        #expect(all[0]["USD"]?["payouts"] == -90_000)
        #expect((all[0]["USD"]?["refunds"] ?? 0) < 0)
    }

    @Test func aSpanishCustomDownloadWithTarifaAndNoBalanceImpact() throws {
        let cli = try CLIRunner()
        try cli.write(
            "es.csv",
            """
            "Fecha","Hora","Zona horaria","Nombre","Tipo","Estado","Divisa","Bruto","Tarifa","Neto","Id. de transacción","Saldo"
            "02/10/2026","10:00:00","CEST","Ana","Pago con Pago exprés","Completado","EUR","1.200,00","-41,30","1.158,70","1AA","1.158,70"
            "03/10/2026","11:00:00","CEST","","Autorización general","Pendiente","EUR","-10,00","0,00","-10,00","2BB","1.158,70"
            "04/10/2026","12:00:00","CEST","","Retirada general","Completado","EUR","-1.000,00","0,00","-1.000,00","3CC","158,70"

            """)
        let outcome = try cli.run([
            "build", "es.csv", "--mapping", RealExportTests.mapping("paypal-activity-es.yaml"), "--payee", "mer_test",
            "--payee-type", "merchant", "--periods", "month",
        ])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let totals = try Self.totals(cli)
        #expect(totals["EUR"]?["earnings"] == 120_000)
        #expect(totals["EUR"]?["fees"] == -4_130)
        #expect(totals["EUR"]?["payouts"] == -100_000)
    }
}
