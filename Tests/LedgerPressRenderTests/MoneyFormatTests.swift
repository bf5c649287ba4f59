import LedgerPressCore
import Testing

@testable import LedgerPressRender

@Suite struct MoneyFormatTests {
    @Test(arguments: [
        ("en_US", "USD", Int64(123_456), "$1,234.56"), ("en_US", "USD", -2_400, "-$24.00"), ("en_US", "USD", 5, "$0.05"),
        ("en_US", "JPY", 1_500, "¥1,500"), ("en_US", "EUR", 99, "€0.99"),
        ("en_US", "USD", 123_456_789_012, "$1,234,567,890.12"),
    ])
    func formatsEnglish(locale: String, code: String, minor: Int64, text: String) {
        let format = MoneyFormat(currency: Currency(code: code)!, localeIdentifier: locale)
        #expect(format.format(minor) == text)
    }

    @Test func matchesFoundationForOtherLocales() {
        for (locale, code) in [("de_DE", "EUR"), ("fr_FR", "EUR"), ("ja_JP", "JPY"), ("en_US", "BHD"), ("de_DE", "USD")] {
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
        #expect(MoneyFormat(currency: Currency(code: "BHD")!, localeIdentifier: "en_US").format(12_345).contains("12.345"))
    }
}
