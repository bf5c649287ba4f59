import Foundation
import Testing

/// Any other CSV through a mapping file: bad mappings and bad rows (the shipped mappings: RealExportTests).
@Suite(.serialized) struct MappingTests {
    static func mapping(_ name: String) -> String {
        CLIRunner.repository.appendingPathComponent("Examples/mappings/" + name).path
    }

    @Test(arguments: [
        ("name: x\nbogus: 1\n", "m.yaml: error: mapping: unknown key 'bogus'"),
        (
            "timestamp: {columns: Date, format: yyyy-MM-dd, timezone: Nowhere/City}\n",
            "m.yaml: error: mapping: expected an IANA zone for 'timestamp.timezone', got 'Nowhere/City'"
        ),
        (
            "timestamp: {columns: Date, format: yyyy-MM-dd}\nfields: {id: ID, payee_id: {constant: m}, payee_type: {constant: merchant}}\nentries: [{kind: earning, amount: A}]\n",
            "m.yaml: error: mapping: expected 'fields.currency'"
        ),
        (
            "timestamp: {columns: Date, format: yyyy-MM-dd}\nfields: {id: ID, payee_id: {constant: m}, payee_type: {constant: merchant}, currency: {constant: USD}}\nentries: [{kind: bonus, amount: A}]\n",
            "m.yaml: error: mapping: expected a native kind for 'entries[0].kind' (earning, tip, fee, adjustment, refund, payout, tax, opening_balance), got 'bonus'"
        ),
        ("[1, 2]\n", "m.yaml: error: mapping: expected a YAML mapping at the top"),
    ])
    func badMappingFilesAreNamed(text: String, message: String) throws {
        try Self.expectRefused(mapping: text, message: message)
    }

    /// `check` of a one-row export with the mapping `text` exits 65 printing exactly `message`.
    static func expectRefused(
        mapping text: String, message: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let cli = try CLIRunner()
        try cli.write("m.yaml", text)
        try cli.write("in.csv", "Date,ID,A\n2026-10-01,x1,1.00\n")
        let outcome = try cli.run(["check", "in.csv", "--mapping", "m.yaml"])
        #expect(outcome.status == 65, sourceLocation: sourceLocation)
        #expect(outcome.stderr == message + "\n", sourceLocation: sourceLocation)
    }

    @Test func badMappedRowsNameTheirColumn() throws {
        let cli = try CLIRunner()
        try cli.write(
            "m.yaml",
            """
            name: simple
            delimiter: ";"
            skip_lines: 1
            decimal_separator: ","
            thousands_separator: "."
            currency_symbols: ["€"]
            timestamp: {columns: [Datum], format: "dd.MM.yyyy H:mm", timezone: Europe/Berlin}
            fields: {id: ID, payee_id: {constant: m1}, payee_type: {constant: merchant}, currency: {constant: EUR}}
            entries: [{kind: earning, amount: Betrag}]

            """)
        try cli.write(
            "in.csv",
            "Export Oktober 2026\nDatum;ID;Betrag\n25.10.2026 2:30;a1;1.234,56 €\n31.02.2026 9:00;a2;1,00\n01.10.2026 9:00;a3;1,001\n"
        )
        let outcome = try cli.run(["check", "in.csv", "--mapping", "m.yaml"])
        #expect(outcome.status == 65)
        let errors = outcome.stderr.split(separator: "\n").map(String.init)
        #expect(
            errors.contains(
                "in.csv:4: error: Datum: expected a time in the format 'dd.MM.yyyy H:mm', got '31.02.2026 9:00'"))
        #expect(
            errors.contains("in.csv:5: error: Betrag: expected an amount with at most 2 decimals for EUR, got '1,001'"))
        #expect(
            outcome.stdout
                == "in.csv: mapped, 3 rows read = 1 accepted + 2 rejected + 0 skipped; 1 entries, 1 payees, EUR, 2026-10-25..2026-10-25 (UTC)\n"
        )
    }
}
