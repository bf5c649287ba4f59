// swift-format-ignore-file: NeverForceUnwrap

import Foundation
import LedgerPressCore
import Testing

@testable import LedgerPressSample
@testable import LedgerPressSite

/// The manifests' hand-written JSON (payee and top-level) is `JSONEncoder`'s, byte for byte.
@Suite struct PrettyJSONTests {
    /// Text with what JSON escapes or might: quotes, backslashes, slashes, every control character, DEL, non-ASCII.
    static let alphabet: [String] =
        ["a", "Z", "0", " ", "\"", "\\", "/", "\u{7F}", "é", "😀", "\u{2028}", "<", "&"]
        + (0..<32).map { String(UnicodeScalar(UInt8($0))) }

    func text(_ random: inout SplitMix64) -> String {
        (0..<random.int(0...12)).map { _ in Self.alphabet[random.int(0...(Self.alphabet.count - 1))] }.joined()
    }

    static let currencies = ["USD", "EUR", "JPY", "BHD"].map { Currency(code: $0)! }

    /// Any amount, the extremes included (every one is written as a plain decimal).
    func money(_ random: inout SplitMix64, _ currency: Currency) -> Money {
        let minorUnits: Int64 =
            switch random.int(0...3) {
            case 0: .min
            case 1: .max
            case 2: Int64(random.int(-100_000...100_000))
            default: Int64(bitPattern: random.next())
            }
        return Money(minorUnits: minorUnits, currency: currency)
    }

    func figures(_ random: inout SplitMix64, _ currency: Currency) -> StatementRecord.CurrencyFigures {
        .init(netActivity: money(&random, currency), closingBalance: money(&random, currency))
    }

    func manifest(_ random: inout SplitMix64) -> PayeeManifest {
        let files = (0..<random.int(0...3)).map { _ in
            Manifest.FileEntry(path: text(&random), size: random.int(0...1_000_000), sha256: text(&random))
        }
        let statements = (0..<random.int(0...3)).map { _ in
            var figures: [String: StatementRecord.CurrencyFigures] = [:]
            for _ in 0..<random.int(0...3) {
                let currency = Self.currencies[random.int(0...3)]
                figures[currency.code] = self.figures(&random, currency)
            }
            let changes = (0..<random.int(0...2)).map { _ in
                let currency = Self.currencies[random.int(0...3)]
                return StatementRecord.Change(
                    currency: currency, previous: random.int(0...1) == 0 ? nil : self.figures(&random, currency),
                    current: self.figures(&random, currency))
            }
            return StatementRecord(
                payeeID: text(&random), period: text(&random), version: random.int(1...9),
                firstIssuedAsOf: text(&random),
                fingerprint: text(&random), figures: figures, changes: changes)
        }
        let rendered = (0..<random.int(0...3)).map { _ in
            PayeeManifest.Rendered(period: text(&random), key: text(&random))
        }
        return PayeeManifest(
            payeeID: text(&random), key: text(&random), files: files, statements: statements, rendered: rendered)
    }

    @Test(arguments: 1...300 as ClosedRange<UInt64>) func payeeManifestsAreWrittenAsJSONEncoderWritesThem(seed: UInt64)
        throws
    {
        var random = SplitMix64(seed: seed)
        let manifest = manifest(&random)
        let expected = try ManifestJSON.encode(manifest)
        let actual = manifest.json()
        #expect(
            actual == expected,
            "\(String(decoding: actual, as: UTF8.self))\n---\n\(String(decoding: expected, as: UTF8.self))")
    }

    @Test func everyControlCharacterIsEscapedAsJSONEncoderDoes() throws {
        let all = (0..<128).map { String(UnicodeScalar(UInt8($0))) }.joined()
        let manifest = PayeeManifest(payeeID: all, key: "/", files: [], statements: [], rendered: [])
        #expect(manifest.json() == (try ManifestJSON.encode(manifest)))
    }

    func maybe(_ random: inout SplitMix64) -> String? { random.int(0...2) == 0 ? nil : text(&random) }

    func list<Item>(_ random: inout SplitMix64, _ make: (inout SplitMix64) -> Item) -> [Item] {
        (0..<random.int(0...3)).map { _ in make(&random) }
    }

    /// Options come from JSON (their only initializer takes a whole run's settings); absent keys are nil.
    func options(_ random: inout SplitMix64) throws -> Manifest.Options {
        var object: [String: Any] = [
            "default_locale": text(&random), "default_timezone": text(&random), "templates": text(&random),
            "periods": list(&random) { text(&$0) }, "ranges": list(&random) { text(&$0) },
        ]
        for key in ["as_of", "issuer", "link_key_id", "only", "payee_folders"] { object[key] = maybe(&random) }
        if random.int(0...1) == 0 { object["source_date_epoch"] = random.int(-1_000...2_000_000_000) }
        return try JSONDecoder().decode(Manifest.Options.self, from: JSONSerialization.data(withJSONObject: object))
    }

    func payee(_ random: inout SplitMix64) -> Manifest.PayeeEntry {
        let amount = { (random: inout SplitMix64) in Int64(random.int(-9_000_000...9_000_000)) }
        let row = FinanceSummary.PayeeRow(
            id: text(&random), name: text(&random), type: text(&random), slug: text(&random),
            statementCount: random.int(0...500),
            balances: list(&random) { .init(currency: text(&$0), amount: amount(&$0)) },
            latestMonth: maybe(&random),
            kindTotals: list(&random) { .init(kind: text(&$0), currency: text(&$0), amount: amount(&$0)) },
            csvBytes: list(&random) { $0.int(0...1_000_000) })
        return Manifest.PayeeEntry(
            id: text(&random), slug: text(&random), key: text(&random),
            manifest: Manifest.FileEntry(path: text(&random), size: random.int(0...99_999), sha256: text(&random)),
            files: random.int(0...300), bytes: random.int(0...9_999_999), statementsSHA256: text(&random),
            revised: random.int(0...9), finance: row, periods: list(&random) { text(&$0) },
            letters: random.int(0...1) == 0 ? nil : list(&random) { text(&$0) },
            lettersIssued: random.int(0...1) == 0 ? nil : list(&random) { text(&$0) })
    }

    /// A manifest of several mebibytes, written in chunks, is still `JSONEncoder`'s text byte for byte.
    @Test func aManifestOfSeveralMebibytesIsWrittenAsJSONEncoderWritesIt() throws {
        var random = SplitMix64(seed: 99)
        let payees = (0..<4_000).map { index -> Manifest.PayeeEntry in
            var entry = payee(&random)
            entry.id = "payee_\(index)"
            entry.periods = (0..<60).map { "2026-10-\($0)" }
            return entry
        }
        let manifest = Manifest(files: [], payees: payees, inputs: [], totals: [], options: try options(&random))
        let actual = manifest.json()
        #expect(actual.count > 4 << 20)
        #expect(actual == (try ManifestJSON.encode(manifest)))
        // Its payees written in slices at once: the same bytes.
        for slices in [2, 3, 16, 63, 64, 10_000] {
            #expect(manifest.json(slices: slices) == actual, "\(slices) slices")
        }
    }

    @Test(arguments: 1...300 as ClosedRange<UInt64>) func topManifestsAreWrittenAsJSONEncoderWritesThem(seed: UInt64)
        throws
    {
        var random = SplitMix64(seed: seed)
        let totals = list(&random) {
            ControlTotals(
                currency: text(&$0), entries: $0.int(0...1_000_000), ledgerTotal: text(&$0), payeesTotal: text(&$0),
                statementsTotals: [
                    .day: maybe(&$0), .week: maybe(&$0), .month: maybe(&$0), .year: maybe(&$0), .range: maybe(&$0),
                ].compactMapValues { $0 })
        }
        let manifest = Manifest(
            files: list(&random) { Manifest.FileEntry(path: text(&$0), size: $0.int(0...99_999), sha256: text(&$0)) },
            payees: list(&random) { payee(&$0) },
            inputs: list(&random) {
                InputSummary(name: text(&$0), size: $0.int(0...999_999), sha256: text(&$0), rows: $0.int(0...99_999))
            },
            totals: totals, options: try options(&random))
        let expected = try ManifestJSON.encode(manifest)
        let actual = manifest.json()
        #expect(
            actual == expected,
            "\(String(decoding: actual, as: UTF8.self))\n---\n\(String(decoding: expected, as: UTF8.self))")
    }
}
