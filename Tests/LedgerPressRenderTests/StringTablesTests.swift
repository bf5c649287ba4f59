import Foundation
import Testing

@testable import LedgerPressRender

/// The shipped string tables are complete, and a missing word falls back to English key by key.
@Suite struct StringTablesTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let templatesFolder = repository.appendingPathComponent("Templates").path

    static func shipped() throws -> TemplateSet {
        try TemplateSet.load(defaultsDirectory: templatesFolder, overrides: nil)
    }

    /// Every English key exists, non-empty, in every translation, and no translation has a key English lacks;
    /// a failure names the missing keys.
    @Test(arguments: ["es", "de", "fr"]) func translationIsComplete(_ language: String) throws {
        let strings = try Self.shipped().strings
        #expect(strings.tables[language] != nil, "Templates/strings/\(language).json is missing")
        let missing = strings.missingKeys(in: language)
        #expect(
            missing.isEmpty,
            "strings/\(language).json lacks (English is shown instead): \(missing.joined(separator: ", "))")
        let unknown = strings.unknownKeys(in: language)
        #expect(unknown.isEmpty, "strings/\(language).json has keys en.json lacks: \(unknown.joined(separator: ", "))")
    }

    /// A translation keeps the English text's `{slots}` (a lost `{period}` would drop the period from the title).
    @Test(arguments: ["es", "de", "fr"]) func translationsKeepTheSlots(_ language: String) throws {
        let tables = try Self.shipped().strings.tables
        let english = try #require(tables["en"])
        let translated = try #require(tables[language])
        for (key, text) in english {
            guard let other = translated[key] else { continue }
            #expect(Set(Phrase(other).slots) == Set(Phrase(text).slots), "strings/\(language).json: \(key)")
        }
    }

    /// Every `{{t.key}}` of the default templates and every key the code asks for is in en.json.
    @Test func everyKeyInUseIsInEnglish() throws {
        let english = try #require(try Self.shipped().strings.tables["en"])
        var used: Set<String> = []
        let templateKey = #/\{\{t\.([a-z_]+)\}\}/#
        for name in [
            "driver.md", "merchant.md", "layout.html", "payee-index.html", "letter-figures.html", "income-letter.html",
            "verify-letter.html",
        ] {
            let text = try String(contentsOfFile: Self.templatesFolder + "/" + name, encoding: .utf8)
            for match in text.matches(of: templateKey) { used.insert(String(match.1)) }
        }
        let codeKey = #/(?:words|wording|self|fill|phrase)[\[(](?:isDriver \? )?"([a-z_]+)"(?: : "([a-z_]+)")?/#
        for file in [
            "Sources/LedgerPressRender/Statements/StatementView.swift", "Sources/LedgerPressSite/PayeePages.swift",
            "Sources/LedgerPressRender/Wording/Wording+Periods.swift",
            "Sources/LedgerPressRender/Wording/Wording.swift",
            "Sources/LedgerPressRender/Letters/IncomeLetterPage.swift",
            "Sources/LedgerPressRender/Letters/IncomeLetterPage+Figures.swift",
            "Sources/LedgerPressSite/Outbox/StatementOutbox.swift",
        ] {
            let text = try String(contentsOfFile: Self.repository.appendingPathComponent(file).path, encoding: .utf8)
            for match in text.matches(of: codeKey) {
                for key in [match.1, match.2].compactMap({ $0 }) { used.insert(String(key)) }
            }
        }
        #expect(used.count > 60, "found only \(used.sorted())")
        let missing = used.subtracting(english.keys).sorted()
        #expect(missing.isEmpty, "keys in use but not in en.json: \(missing.joined(separator: ", "))")
    }

    @Test func aMissingOrEmptyWordFallsBackToEnglishKeyByKey() {
        let strings = StringTables(tables: [
            "en": ["status_paid": "Paid", "net": "Net", "total": "Total", "only_english": "Only"],
            "de": ["status_paid": "Bezahlt", "net": "", "total": "Summe"],
            "de_AT": ["total": "Gesamtsumme"],
        ])
        let german = strings.wording(for: "de_DE")
        #expect(german["status_paid"] == "Bezahlt")
        #expect(german["net"] == "Net")
        #expect(german["only_english"] == "Only")
        #expect(german.language == "de")
        #expect(german.status(.paid) == "Bezahlt")
        #expect(strings.missingKeys(in: "de") == ["net", "only_english"])
        #expect(strings.unknownKeys(in: "de_AT").isEmpty)
        // A regional table comes first, then its language, then English.
        let austrian = strings.wording(for: "de-AT")
        #expect(austrian["total"] == "Gesamtsumme")
        #expect(austrian["status_paid"] == "Bezahlt")
        // A language without a table is English; a key no table has shows as itself.
        let japanese = strings.wording(for: "ja_JP")
        #expect(japanese.language == "en")
        #expect(japanese["total"] == "Total")
        #expect(japanese["no_such_key"] == "no_such_key")
    }

    /// A `--templates` folder's table that has only some keys takes the rest from the built-in table of the same
    /// name, key by key (it published raw key names such as `title_driver` before), then from English.
    @Test func aPartialOverrideTableFallsBackToTheBuiltInTableKeyByKey() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strings-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("strings"), withIntermediateDirectories: true)
        try Data(#"{"total": "Sum", "net": ""}"#.utf8).write(to: folder.appendingPathComponent("strings/en.json"))
        try Data(#"{"status_paid": "Überwiesen"}"#.utf8).write(to: folder.appendingPathComponent("strings/de.json"))
        let set = try TemplateSet.load(defaultsDirectory: Self.templatesFolder, overrides: folder.path)
        let builtIn = try Self.shipped().strings.tables
        let english = set.wording(for: "en_US")
        #expect(english["total"] == "Sum")
        #expect(english["net"] == builtIn["en"]?["net"])
        #expect(english["title_driver"] == builtIn["en"]?["title_driver"])
        #expect(set.strings.missingKeys(in: "en").isEmpty)
        let german = set.wording(for: "de_DE")
        #expect(german["status_paid"] == "Überwiesen")
        #expect(german["title_driver"] == builtIn["de"]?["title_driver"])
        #expect(german["total"] == builtIn["de"]?["total"])
        // Both the override and the built-in table it completes are in the digest's sources.
        let sources = Dictionary(uniqueKeysWithValues: set.sources.map { ($0.name, $0.text) })
        #expect(sources["strings/en.json"] == #"{"total": "Sum", "net": ""}"#)
        #expect(sources["strings/en.json (built-in)"]?.contains("title_driver") == true)
    }

    @Test func localesPickTheirTable() {
        #expect(StringTables.candidates(for: "de_DE") == ["de_DE", "de"])
        #expect(StringTables.candidates(for: "pt-BR") == ["pt_BR", "pt"])
        #expect(StringTables.candidates(for: "fr") == ["fr"])
        #expect(StringTables.candidates(for: "ES_es") == ["ES_es", "es"])
    }

    @Test(arguments: [
        ("{", "invalid JSON"), ("[\"a\"]", "another JSON value"), ("{\"a\": 1}", "a text for 'a'"),
    ])
    func aBrokenTableIsRefusedNamingTheFile(_ text: String, _ reason: String) {
        #expect(throws: TemplateSet.Failure.self) { try StringTables.parse(text, file: "mine/strings/de.json") }
        do {
            _ = try StringTables.parse(text, file: "mine/strings/de.json")
        } catch {
            #expect(error.description.hasPrefix("mine/strings/de.json: error: template: strings: expected"))
            #expect(error.description.contains(reason))
        }
    }

    @Test func phrasesFillSlotsAndKeepOtherBraces() {
        #expect(Phrase("Week {week}, {year}").fill { ["week": "43", "year": "2026"][$0] } == "Week 43, 2026")
        #expect(Phrase("{a} {b} {} {1} {x").fill { $0 == "a" ? "A" : nil } == "A {b} {} {1} {x")
        #expect(Phrase("KW {week}").slots == ["week"])
    }

    /// The string tables are part of what the templates' digest covers, so changing a word re-renders.
    @Test func stringTablesAreAmongTheSources() throws {
        let set = try Self.shipped()
        let names = set.sources.map(\.name)
        for language in ["en", "es", "de", "fr"] { #expect(names.contains("strings/\(language).json")) }
        #expect(names == names.sorted())
    }
}

extension StringTables {
    /// Keys of the English table that `name` lacks or leaves empty, sorted (a translation to finish).
    func missingKeys(in name: String) -> [String] {
        let table = tables[name] ?? [:]
        return (tables[StringTables.fallbackLanguage] ?? [:]).keys.filter { (table[$0] ?? "").isEmpty }.sorted()
    }

    /// Keys of table `name` that the English table lacks, sorted (a typo, or a key English must get too).
    func unknownKeys(in name: String) -> [String] {
        let english = tables[StringTables.fallbackLanguage] ?? [:]
        return (tables[name] ?? [:]).keys.filter { english[$0] == nil }.sorted()
    }
}
