import Foundation
import Testing

/// Payee locales reach only the pages people read: the CSVs are locale-free, string tables can be
/// overridden or added with `--templates`, and a changed table re-renders what it words.
@Suite(.serialized) struct LocaleTests {
    /// The example payees with the given locales in place of theirs (payee id → locale).
    static func payees(_ cli: CLIRunner, _ locales: [String: String], as name: String) throws -> String {
        let original = try String(contentsOfFile: CLIRunner.example("example-payees.csv"), encoding: .utf8)
        let lines = original.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard let id = line.split(separator: ",").first, let locale = locales[String(id)] else {
                return String(line)
            }
            return line.split(separator: ",", omittingEmptySubsequences: false).dropLast().joined(separator: ",") + ","
                + locale
        }
        try cli.write(name, lines.joined(separator: "\n"))
        return cli.path(name)
    }

    static func build(_ cli: CLIRunner, payees: String, output: String, extra: [String] = []) throws
        -> CLIRunner.Outcome
    {
        try cli.run(["build", CLIRunner.example("example-ledger.csv"), "--payees", payees, "--output", output] + extra)
    }

    @Test func csvFilesAreTheSameInEveryLocale() throws {
        let cli = try CLIRunner()
        let english = try Self.payees(
            cli, ["drv_jose": "en_US", "drv_ann": "en_US", "mer_cafe": "en_US", "mer_books": "en_US"], as: "english.csv"
        )
        let mixed = try Self.payees(
            cli, ["drv_jose": "de_DE", "drv_ann": "fr_FR", "mer_cafe": "es_ES", "mer_books": "pl_PL"], as: "mixed.csv")
        #expect(try Self.build(cli, payees: english, output: "en").status == 0)
        #expect(try Self.build(cli, payees: mixed, output: "mixed").status == 0)
        let a = try cli.tree("en")
        let b = try cli.tree("mixed")
        let csvs = a.keys.filter { $0.hasSuffix(".csv") }.sorted()
        #expect(csvs.count > 40)
        for path in csvs { #expect(a[path] == b[path], "\(path) depends on the locale") }
        // ... while the pages people read are in their language.
        #expect(try cli.read("mixed/payees/drv_ann/2026-11.md").hasPrefix("# Relevé de gains — Novembre 2026\n"))
        #expect(try cli.read("mixed/payees/mer_cafe/2026-10.md").hasPrefix("# Extracto — Octubre de 2026\n"))
        #expect(try cli.read("mixed/payees/drv_ann/index.html").contains("<html lang=\"fr\">"))
        // Polish has no table: English words, Polish money.
        let books = try cli.read("mixed/payees/mer_books/index.html")
        #expect(books.contains("<html lang=\"en\">") && books.contains("Latest statements"))
        #expect(books.contains("\u{A0}USD</span>"))
    }

    @Test func aStringTableCanBeOverriddenAndALanguageAdded() throws {
        let cli = try CLIRunner()
        let payees = try Self.payees(cli, ["drv_ann": "it_IT"], as: "payees.csv")
        #expect(try Self.build(cli, payees: payees, output: "site").status == 0)
        let before = try cli.tree("site")
        #expect(try cli.read("site/payees/drv_jose/2026-W43.md").contains("po_jose_1 · Bezahlt"))
        try FileManager.default.createDirectory(atPath: cli.path("mine/strings"), withIntermediateDirectories: true)
        // The override changes one word of de.json: what it lacks comes from the built-in de.json, key by key.
        try cli.write("mine/strings/de.json", #"{"status_paid": "Überwiesen"}"#)
        try cli.write("mine/strings/it.json", #"{"kind_month": "Mese", "title_month": "{month} {year}"}"#)
        let outcome = try Self.build(cli, payees: payees, output: "site", extra: ["--templates", "mine"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let jose = try cli.read("site/payees/drv_jose/2026-W43.md")
        #expect(jose.contains("po_jose_1 · Überwiesen"))
        #expect(jose.contains("- Anfangssaldo: 25,55\u{A0}€"))
        let ann = try cli.read("site/payees/drv_ann/index.html")
        #expect(ann.contains("<li>Mese: <a href=\"2026-11.html\">Novembre 2026</a>"))
        #expect(ann.contains("<html lang=\"it\">"))
        // The changed tables re-rendered the pages they word, and nothing else changed.
        let after = try cli.tree("site")
        let changed = after.keys.filter { before[$0] != after[$0] && !$0.hasSuffix("manifest.json") }
        #expect(changed.contains("payees/drv_jose/2026-W43.html"))
        #expect(!changed.contains { $0.hasSuffix(".csv") })
        #expect(!changed.contains { $0.hasPrefix("payees/drv_zoe/") })
    }

    @Test func aRevisionNoteIsInThePayeesLanguage() throws {
        let cli = try CLIRunner()
        let ledger = try String(contentsOfFile: CLIRunner.example("example-ledger.csv"), encoding: .utf8)
        try cli.write("ledger.csv", ledger)
        let arguments = [
            "build", cli.path("ledger.csv"), "--payees", CLIRunner.example("example-payees.csv"), "--output", "site",
        ]
        #expect(try cli.run(arguments).status == 0)
        try cli.write(
            "ledger.csv", ledger + "late1,2026-10-20T12:00:00+02:00,drv_jose,driver,José Müller,tip,2.00,EUR,,Spät,,\n")
        let outcome = try cli.run(arguments)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(
            try cli.read("site/payees/drv_jose/2026-W43.md").contains(
                "> **Korrigiert — Version 2**, erstmals ausgestellt mit Stand 25.10.2026 02:30 (UTC+01:00). Änderungen: EUR Nettobetrag"
                    + " 34,50\u{A0}€ → 36,50\u{A0}€, Schlusssaldo 34,50\u{A0}€ → 36,50\u{A0}€;"))
    }

    @Test func aBrokenStringTableIsRefused() throws {
        let cli = try CLIRunner()
        try FileManager.default.createDirectory(atPath: cli.path("mine/strings"), withIntermediateDirectories: true)
        try cli.write("mine/strings/fr.json", "{\"total\": ")
        let outcome = try cli.run([
            "build", CLIRunner.example("example-ledger.csv"), "--templates", "mine", "--output", "site",
        ])
        #expect(outcome.status == 65)
        #expect(
            outcome.stderr.contains("mine/strings/fr.json: error: template: strings: expected a JSON object of texts"))
        #expect(!FileManager.default.fileExists(atPath: cli.path("site")))
    }
}
