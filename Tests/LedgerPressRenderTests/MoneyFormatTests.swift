import Foundation
import LedgerPressCore
import Testing

@testable import LedgerPressRender

@Suite struct MoneyFormatTests {
    @Test(arguments: [
        ("en_US", "USD", Int64(123_456), "$1,234.56"), ("en_US", "USD", -2_400, "-$24.00"),
        ("en_US", "USD", 5, "$0.05"),
        ("en_US", "JPY", 1_500, "¥1,500"), ("en_US", "EUR", 99, "€0.99"),
        ("en_US", "USD", 123_456_789_012, "$1,234,567,890.12"),
    ])
    func formatsEnglish(locale: String, code: String, minor: Int64, text: String) {
        let format = MoneyFormat(currency: Currency(code: code)!, localeIdentifier: locale)
        #expect(format.format(minor) == text)
    }

    @Test func matchesFoundationForOtherLocales() {
        for (locale, code) in [
            ("de_DE", "EUR"), ("fr_FR", "EUR"), ("ja_JP", "JPY"), ("en_US", "BHD"), ("de_DE", "USD"),
        ] {
            let format = MoneyFormat(currency: Currency(code: code)!, localeIdentifier: locale)
            for minor: Int64 in [0, 7, -7, 123_456, -9_876_543, 1_000_000_000] {
                #expect(format.format(minor) == format.foundationFormat(minor), "\(locale) \(code) \(minor)")
            }
        }
    }

    @Test func germanEurosAreGermanAndBahrainiDinarsHaveThreeDecimals() {
        let de = MoneyFormat(currency: Currency(code: "EUR")!, localeIdentifier: "de_DE").format(123_456)
        #expect(de.hasPrefix("1.234,56"))
        #expect(de.hasSuffix("€"))
        #expect(
            MoneyFormat(currency: Currency(code: "BHD")!, localeIdentifier: "en_US").format(12_345).contains("12.345"))
    }
}

/// Money in each payee locale is exactly Foundation's currency format of the same value (built exactly from
/// the integer minor units), on the fast path: two, three (BHD) and no decimals (JPY), and locales where a
/// four-digit amount stays ungrouped (minimum grouping 2: es_ES, pl_PL).
@Suite struct MoneyFormatLocaleTests {
    static func foundation(_ minor: Int64, _ code: String, _ locale: String, exponent: Int) -> String {
        let value = Decimal(
            sign: minor < 0 ? .minus : .plus, exponent: -exponent, significand: Decimal(minor.magnitude))
        return value.formatted(
            .currency(code: code).locale(Locale(identifier: locale)).precision(.fractionLength(exponent)))
    }

    @Test(arguments: [
        ("en_US", "USD"), ("de_DE", "EUR"), ("fr_FR", "EUR"), ("ja_JP", "JPY"), ("es_ES", "EUR"), ("pl_PL", "PLN"),
        ("en_US", "BHD"), ("de_DE", "BHD"), ("es_ES", "BHD"), ("fr_FR", "JPY"), ("pl_PL", "JPY"), ("de_DE", "USD"),
    ])
    func matchesFoundation(_ locale: String, _ code: String) throws {
        let currency = try #require(Currency(code: code))
        let format = MoneyFormat(currency: currency, localeIdentifier: locale)
        #expect(format.layout != nil, "\(locale) \(code) fell back to Foundation per amount")
        var scale: Int64 = 1
        for _ in 0..<currency.exponent { scale *= 10 }
        // Whole parts of 1 to 13 digits (999, 1234, 12345, ...), each with a fraction, both signs, and zero.
        var amounts: [Int64] = [0, 1, -1, 7 * scale / 10 + 5]
        var whole: Int64 = 9
        for _ in 0..<13 {
            amounts += [whole * scale + scale / 2 + 1, -(whole * scale + 3)]
            whole = whole * 10 + Int64(amounts.count % 10)
        }
        amounts += [999 * scale, 1000 * scale, 1234 * scale + 5, 9999 * scale, 10_000 * scale, 12_345 * scale + 67]
        for minor in amounts {
            #expect(
                format.format(minor) == Self.foundation(minor, code, locale, exponent: currency.exponent),
                "\(locale) \(code) \(minor)")
        }
    }

    @Test(arguments: [
        ("en_US", "USD", Int64(123_456), "$1,234.56"), ("de_DE", "EUR", 123_456, "1.234,56\u{A0}€"),
        ("fr_FR", "EUR", 1_234_567, "12\u{202F}345,67\u{A0}€"), ("ja_JP", "JPY", 1_500, "¥1,500"),
        ("es_ES", "EUR", 123_456, "1234,56\u{A0}€"), ("es_ES", "EUR", 1_234_567, "12.345,67\u{A0}€"),
        ("es_ES", "EUR", -123_456, "-1234,56\u{A0}€"), ("pl_PL", "PLN", 123_456, "1234,56\u{A0}zł"),
        ("pl_PL", "PLN", 1_234_567, "12\u{A0}345,67\u{A0}zł"), ("en_US", "BHD", 12_345, "BHD\u{A0}12.345"),
        ("de_DE", "BHD", 1_234_567, "1.234,567\u{A0}BHD"), ("de_DE", "JPY", 1_500, "1.500\u{A0}¥"),
    ])
    func knownTexts(_ locale: String, _ code: String, _ minor: Int64, _ text: String) throws {
        let format = MoneyFormat(currency: try #require(Currency(code: code)), localeIdentifier: locale)
        #expect(format.format(minor) == text)
    }

    @Test func minimumGroupingIsLearned() throws {
        let euro = try #require(Currency(code: "EUR"))
        #expect(MoneyFormat(currency: euro, localeIdentifier: "es_ES").pattern?.minimumGrouping == 2)
        #expect(MoneyFormat(currency: euro, localeIdentifier: "de_DE").pattern?.minimumGrouping == 1)
        #expect(
            MoneyFormat(currency: try #require(Currency(code: "PLN")), localeIdentifier: "pl_PL").pattern?
                .minimumGrouping == 2)
    }
}
