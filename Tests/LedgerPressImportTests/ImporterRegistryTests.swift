import Foundation
import LedgerPressCore
import Testing

@testable import LedgerPressImport

/// Import formats come from one registry (issue 48, item 4): detection asks its importers in its order, and the
/// closest-format message, the `--format` names and the list in messages are made from it, so a format added to
/// the registry is recognised, named and suggested with no other edit.
@Suite struct ImporterRegistryTests {
    /// A format that exists only in this test: a CSV whose header has `alpha`, `beta` and `gamma`.
    enum GreekImporter: LedgerImporter {
        static let format = InputFormat(rawValue: "greek")
        static let headerColumns = [["alpha"], ["beta"], ["gamma"]]
        static func detect(_ header: HeaderProbe) -> Bool { header.has(["alpha", "beta", "gamma"]) }
        static func read(bytes: [UInt8], file: String, settings: ImportSettings) -> ImportedFile {
            ImportedFile(name: file, format: format)
        }
    }

    /// A format that claims every file: where it stands in the registry decides what it takes.
    enum GreedyImporter: LedgerImporter {
        static let format = InputFormat(rawValue: "greedy")
        static func detect(_ header: HeaderProbe) -> Bool { true }
        static func read(bytes: [UInt8], file: String, settings: ImportSettings) -> ImportedFile {
            ImportedFile(name: file, format: format)
        }
    }

    static let nativeHeader = Array("id,occurred_at,payee_id,payee_type,kind,amount,currency\n".utf8)

    /// The standard registry with `extra` put before `mapped` (which recognises nothing itself).
    static func registry(adding extra: [any LedgerImporter.Type]) -> ImporterRegistry {
        let standard = ImporterRegistry.standard.importers
        return ImporterRegistry(standard.dropLast() + extra + standard.suffix(1))
    }

    @Test func theStandardOrderIsTheDetectionOrderAndEveryListsOrder() {
        let names = ImporterRegistry.standard.formats.map(\.rawValue)
        #expect(
            names == [
                "native", "jsonl", "stripe-report", "stripe-payouts", "stripe-dashboard", "stripe-payments", "mapped",
            ])
        #expect(
            ImporterRegistry.standard.list()
                == "native, jsonl, stripe-report, stripe-payouts, stripe-dashboard, stripe-payments or mapped")
        #expect(
            ImporterRegistry.standard.expectation(forHeader: Array("a,b,c\n".utf8))
                == "a header row of a known format (native, jsonl, stripe-report, stripe-payouts, stripe-dashboard, "
                + "stripe-payments, or any CSV with --mapping)")
        for name in names { #expect(ImporterRegistry.standard.format(named: name)?.rawValue == name) }
        #expect(ImporterRegistry.standard.format(named: "csv") == nil)
    }

    @Test func aRegisteredFormatIsDetectedNamedListedAndSuggested() {
        let registry = Self.registry(adding: [GreekImporter.self])
        #expect(ImporterRegistry.standard.detect(Array("alpha,beta,gamma\n1,2,3\n".utf8)) == nil)
        #expect(registry.detect(Array("alpha,beta,gamma\n1,2,3\n".utf8)) == GreekImporter.format)
        #expect(registry.format(named: "greek") == GreekImporter.format)
        #expect(registry.list().contains("stripe-payments, greek or mapped"))
        let closest = registry.closest(toHeader: Array("Alpha,Beta,delta\n".utf8))
        #expect(closest?.format == GreekImporter.format)
        #expect(closest?.missing == ["gamma"])
        #expect(registry.expectation(forHeader: Array("x,y\n".utf8)).contains("stripe-payments, greek, or any CSV"))
        #expect(registry.importer(for: GreekImporter.format) == GreekImporter.self)
        // The standard formats are still found as before.
        #expect(registry.detect(Self.nativeHeader) == .native)
        #expect(registry.detect(Array("{\"id\":\"t1\"}\n".utf8)) == .jsonl)
    }

    @Test func theFirstImporterInTheRegistryToRecogniseAFileWins() {
        #expect(Self.registry(adding: [GreedyImporter.self]).detect(Self.nativeHeader) == .native)
        #expect(
            ImporterRegistry([GreedyImporter.self] + ImporterRegistry.standard.importers).detect(Self.nativeHeader)
                == GreedyImporter.format)
        // Nothing recognises a header no importer knows.
        #expect(ImporterRegistry.standard.detect(Array("a,b,c\n".utf8)) == nil)
    }

    @Test func aStoredFormatNameDecodesOnlyWhenTheRegistryKnowsIt() throws {
        let encoded = try JSONEncoder().encode([InputFormat.stripePayouts])
        #expect(String(decoding: encoded, as: UTF8.self) == "[\"stripe-payouts\"]")
        #expect(try JSONDecoder().decode([InputFormat].self, from: encoded) == [.stripePayouts])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([InputFormat].self, from: Data("[\"greek\"]".utf8))
        }
    }
}
