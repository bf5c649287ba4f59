import LedgerPressCore
import Testing

@testable import LedgerPressRender

/// The one-pass layout gives exactly what the string-by-string layout gave, for every sign, size and exponent.
@Suite struct MoneyLayoutTests {
    /// The layout as it was first written: digits as a String, grouped character by character.
    static func reference(_ minorUnits: Int64, _ pattern: MoneyFormat.Pattern, exponent: Int) -> String {
        let digits = String(minorUnits.magnitude)
        let padded =
            digits.count <= exponent ? String(repeating: "0", count: exponent - digits.count + 1) + digits : digits
        let integerPart = padded.dropLast(exponent)
        var grouped = ""
        for (i, ch) in integerPart.enumerated() {
            if i > 0 && (integerPart.count - i) % 3 == 0 { grouped += pattern.group }
            grouped.append(ch)
        }
        let body = exponent > 0 ? grouped + pattern.decimal + padded.suffix(exponent) : grouped
        return minorUnits < 0
            ? pattern.negativePrefix + body + pattern.negativeSuffix
            : pattern.positivePrefix + body + pattern.positiveSuffix
    }

    static let patterns = [
        MoneyFormat.Pattern(
            positivePrefix: "$", positiveSuffix: "", negativePrefix: "-$", negativeSuffix: "", group: ",", decimal: "."),
        MoneyFormat.Pattern(
            positivePrefix: "", positiveSuffix: "\u{A0}€", negativePrefix: "-", negativeSuffix: "\u{A0}€",
            group: "\u{202F}", decimal: ","),
        MoneyFormat.Pattern(
            positivePrefix: "CHF ", positiveSuffix: "", negativePrefix: "(CHF ", negativeSuffix: ")", group: "’",
            decimal: "."),
    ]

    static let amounts: [Int64] = {
        var values: [Int64] = [
            0, 1, -1, 9, 10, 99, 100, 999, 1_000, 12_345, 999_999, 1_000_000, Int64.max, Int64.min, Int64.min + 1,
        ]
        var power: Int64 = 1
        for _ in 0..<18 {
            power *= 10
            values += [power, power - 1, -power, -(power + 1), power / 7 * 3]
        }
        return values
    }()

    @Test(arguments: 0...4) func matchesTheReferenceLayout(exponent: Int) {
        for pattern in Self.patterns {
            let layout = MoneyLayout(pattern, exponent: exponent)
            for amount in Self.amounts {
                #expect(
                    layout.format(amount) == Self.reference(amount, pattern, exponent: exponent),
                    "\(amount) e\(exponent)")
            }
        }
    }

    /// The run's cache formats as a format learned on its own does, on first use and from the cache after.
    @Test func cachedFormatsAreTheFormatsLearnedAlone() throws {
        let usd = try #require(Currency(code: "USD"))
        let eur = try #require(Currency(code: "EUR"))
        let learned = MoneyFormats()
        for _ in 0..<2 {
            for (locale, currency) in [("en_US", usd), ("fr_FR", eur), ("de_DE", eur)] {
                let alone = MoneyFormat(currency: currency, localeIdentifier: locale)
                for amount: Int64 in [0, -2_400, 123_456_789] {
                    #expect(alone.format(amount) == learned.format(amount, currency, locale: locale))
                    #expect(
                        learned.formatter(for: currency, locale: locale).format(amount)
                            == learned.format(amount, currency, locale: locale))
                }
            }
        }
        #expect(learned.format(-123_456, usd, locale: "en_US") == "-$1,234.56")
    }
}
