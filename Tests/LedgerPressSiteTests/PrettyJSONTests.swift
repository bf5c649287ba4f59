import Foundation
import Testing

@testable import LedgerPressSample
@testable import LedgerPressSite

/// The payee manifest's hand-written JSON is `JSONEncoder`'s, byte for byte.
@Suite struct PrettyJSONTests {
    /// Text with what JSON escapes or might: quotes, backslashes, slashes, every control character, DEL, non-ASCII.
    static let alphabet: [String] =
        ["a", "Z", "0", " ", "\"", "\\", "/", "\u{7F}", "é", "😀", "\u{2028}", "<", "&"]
        + (0..<32).map { String(UnicodeScalar(UInt8($0))) }

    func text(_ random: inout SplitMix64) -> String {
        (0..<random.int(0...12)).map { _ in Self.alphabet[random.int(0...(Self.alphabet.count - 1))] }.joined()
    }

    func figures(_ random: inout SplitMix64) -> StatementRecord.CurrencyFigures {
        .init(netActivity: text(&random), closingBalance: text(&random))
    }

    func manifest(_ random: inout SplitMix64) -> PayeeManifest {
        let files = (0..<random.int(0...3)).map { _ in
            Manifest.FileEntry(path: text(&random), size: random.int(0...1_000_000), sha256: text(&random))
        }
        let statements = (0..<random.int(0...3)).map { _ in
            var figures: [String: StatementRecord.CurrencyFigures] = [:]
            for _ in 0..<random.int(0...3) {
                figures[["USD", "EUR", "JPY", "BHD"][random.int(0...3)]] = self.figures(&random)
            }
            let changes = (0..<random.int(0...2)).map { _ in
                StatementRecord.Change(
                    currency: text(&random), previous: random.int(0...1) == 0 ? nil : self.figures(&random),
                    current: self.figures(&random))
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
}
