// swift-format-ignore-file: NeverForceUnwrap

import Testing

@testable import LedgerPressCore

/// ``PlainDecimal/money(_:currency:)`` reads exactly what ``PlainDecimal/format(_:)`` writes, and nothing else.
@Suite struct PlainDecimalTests {
    @Test(arguments: ["USD", "JPY", "BHD", "CLF"]) func everyAmountReadsBackAsWritten(code: String) {
        let currency = Currency(code: code)!
        var state: UInt64 = 7
        var amounts: [Int64] = [0, 1, -1, 9, 10, 99, 100, -100, 1_000_000_000_000_000, .max, .min, .min + 1]
        for _ in 0..<500 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            amounts.append(Int64(bitPattern: state) >> Int64(state % 60))
        }
        for minorUnits in amounts {
            let money = Money(minorUnits: minorUnits, currency: currency)
            #expect(PlainDecimal.money(PlainDecimal.format(money), currency: currency) == money, "\(minorUnits)")
        }
    }

    @Test(arguments: [
        "12.3", "+12.30", "012.30", "-0.00", "12.300", "12", " 12.30", "12.30 ", "1,200.00", "1e3", "", "-", ".30",
    ])
    func anyOtherTextIsNoAmount(text: String) {
        #expect(PlainDecimal.money(text, currency: Currency(code: "USD")!) == nil)
    }
}
