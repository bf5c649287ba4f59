// swift-format-ignore-file: NeverForceUnwrap

import Testing

@testable import LedgerPressCore

@Suite struct MoneyTests {
    static let usd = Currency(code: "USD")!
    static let bhd = Currency(code: "BHD")!

    @Test(arguments: [
        ("120.00", "USD", Int64(12_000)), ("-24", "USD", -2_400), ("+1.5", "USD", 150), ("0.01", "usd", 1),
        ("12.345", "BHD", 12_345), ("-0.001", "BHD", -1), ("1500", "JPY", 1_500), ("-7", "JPY", -7),
        ("99.9", "EUR", 9_990), ("0", "EUR", 0), ("10000000000000.00", "USD", 1_000_000_000_000_000),
        ("-1000000000000000", "JPY", -1_000_000_000_000_000),
    ])
    func parsesExactMinorUnits(text: String, code: String, minor: Int64) throws {
        let currency = try #require(Currency(code: code))
        #expect(try AmountParser.parse(text, currency: currency).get() == Money(minorUnits: minor, currency: currency))
    }

    @Test(arguments: [
        ("10.001", "USD", AmountParser.Failure.tooManyDecimals(allowed: 2)),
        ("12.0", "JPY", .tooManyDecimals(allowed: 0)),
        ("1.2345", "BHD", .tooManyDecimals(allowed: 3)),
        ("1,234.56", "USD", .notADecimal), ("1e5", "USD", .notADecimal), (".5", "USD", .notADecimal),
        ("5.", "USD", .notADecimal), ("", "USD", .notADecimal), ("-", "USD", .notADecimal), (" 1", "USD", .notADecimal),
        ("1.2.3", "USD", .notADecimal), ("--1", "USD", .notADecimal), ("$5", "USD", .notADecimal),
        ("92233720368547758.08", "USD", .beyondLimit),
    ])
    func rejectsBadAmounts(text: String, code: String, failure: AmountParser.Failure) throws {
        let currency = try #require(Currency(code: code))
        #expect(throws: failure) { try AmountParser.parse(text, currency: currency).get() }
    }

    @Test func currenciesCarryTheirExponent() {
        #expect(Currency(code: "usd")?.code == "USD")
        #expect(Currency(code: "USD")?.exponent == 2)
        #expect(Currency(code: "JPY")?.exponent == 0)
        #expect(Currency(code: "BHD")?.exponent == 3)
        #expect(Currency(code: "EUR")?.minorUnitsPerMajor == 100)
        #expect(Currency(code: "XYZ") == nil)
        #expect(Currency(code: "") == nil)
    }

    @Test(arguments: [
        (Int64(-2_400), 2, "-24.00"), (150_000, 0, "150000"), (12_345, 3, "12.345"), (5, 2, "0.05"), (-5, 3, "-0.005"),
        (0, 2, "0.00"), (Int64.min, 2, "-92233720368547758.08"),
    ])
    func formatsPlainDecimals(minor: Int64, exponent: Int, text: String) {
        #expect(PlainDecimal.format(minor, exponent: exponent) == text)
    }
}
