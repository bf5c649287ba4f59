// swift-format-ignore-file: NeverForceUnwrap

import Testing

@testable import LedgerPressCore

/// Money never traps: sums are checked, amounts are bounded at import, overflow is a typed error.
@Suite struct MoneyOverflowTests {
    typealias E = LedgerTests
    static let usd = Currency(code: "USD")!

    @Test func figuresThrowInsteadOfTrappingOrWrapping() throws {
        var figures = Figures()
        try figures.add(.earning, Int64.max)
        // Today `add` traps here and `netActivity` wraps to a negative number.
        #expect(throws: MoneyOverflow(total: "earnings")) { try figures.add(.earning, 1) }
        #expect(throws: MoneyOverflow(total: "net activity")) { try figures.add(.tip, 1) }
        // A throw leaves the figures as they were.
        #expect(figures.tips == 0 && figures.entries == 1 && figures.netActivity == Int64.max)
        var negative = Figures()
        try negative.add(.payout, Int64.min + 1)
        #expect(throws: MoneyOverflow(total: "payouts")) { try negative.add(.payout, -2) }
        #expect(throws: MoneyOverflow(total: "closing balance")) { try negative.setOpeningBalance(-2) }
    }

    @Test func derivedFiguresAreKeptExactly() throws {
        var figures = Figures()
        for (kind, amount) in [
            (EntryKind.earning, Int64(10_000)), (.fee, -2_500), (.tip, 300), (.payout, -5_000), (.refund, -100),
        ] {
            try figures.add(kind, amount)
        }
        try figures.setOpeningBalance(1_000)
        #expect(figures.netActivity == 7_700)
        #expect(figures.take == 7_500)
        #expect(figures.change == 2_700)
        #expect(figures.closingBalance == 3_700)
        var both = figures
        try both.absorb(figures)
        #expect(
            both.netActivity == 15_400 && both.entries == 10 && both.openingBalance == 1_000
                && both.closingBalance == 6_400)
        let rebuilt = try Figures(
            openingBalance: 1_000, earnings: 10_000, tips: 300, fees: -2_500, adjustments: 0, refunds: -100,
            payouts: -5_000, entries: 5)
        #expect(rebuilt == figures)
        #expect(throws: MoneyOverflow.self) {
            try Figures(earnings: Int64.max, tips: 1, fees: 0, adjustments: 0, refunds: 0, payouts: 0, entries: 2)
        }
    }

    @Test func checkedArithmeticOnMinorUnits() throws {
        #expect(try MinorUnits.add(2, 3, total: "x") == 5)
        #expect(try MinorUnits.subtract(2, 3, total: "x") == -1)
        #expect(try MinorUnits.negate(-7, total: "x") == 7)
        #expect(throws: MoneyOverflow(total: "x")) { try MinorUnits.negate(Int64.min, total: "x") }
        #expect(throws: MoneyOverflow(total: "y")) { try MinorUnits.subtract(Int64.min, 1, total: "y") }
        #expect(throws: MoneyOverflow(total: "z")) { try MinorUnits.sum([Int64.max, 1, -5], total: "z") }
        #expect(
            MoneyOverflow(total: "earnings").description
                == "the total of earnings exceeds what can be held exactly (±9,223,372,036,854,775,807 minor units)")
    }

    @Test(arguments: [
        ("10000000000000.00", "USD", true), ("-10000000000000.00", "USD", true), ("10000000000000.01", "USD", false),
        ("-10000000000000.01", "USD", false), ("1000000000000000", "JPY", true), ("1000000000000001", "JPY", false),
        ("1000000000000.000", "BHD", true), ("1000000000000.001", "BHD", false), ("92233720368547758.07", "USD", false),
        ("-92233720368547758.08", "USD", false), ("100000000000000000000000000000000000", "USD", false),
        ("100000000000000", "USD", false),
    ])
    func amountsBeyondTenToTheFifteenAreRefused(text: String, code: String, accepted: Bool) throws {
        let currency = try #require(Currency(code: code))
        let result = AmountParser.parse(text, currency: currency)
        if accepted {
            #expect(try result.get().minorUnits.magnitude == UInt64(AmountParser.limit))
        } else {
            #expect(throws: AmountParser.Failure.beyondLimit) { try result.get() }
        }
    }

    @Test func theLimitMessageShowsTheLimitInTheCurrency() throws {
        #expect(AmountParser.limitExpectation(Self.usd) == "at most ±10^15 minor units (e.g. 10000000000000.00 USD)")
        #expect(
            AmountParser.limitExpectation(try #require(Currency(code: "JPY")))
                == "at most ±10^15 minor units (e.g. 1000000000000000 JPY)")
        // A bad decimal stays a bad decimal, however long.
        #expect(throws: AmountParser.Failure.notADecimal) {
            try AmountParser.parse("99999999999999999999x", currency: Self.usd).get()
        }
    }

    @Test func plainDecimalIsTotal() {
        #expect(PlainDecimal.format(Int64.min, exponent: 2) == "-92233720368547758.08")
        #expect(PlainDecimal.format(Int64.max, exponent: 4) == "922337203685477.5807")
        #expect(PlainDecimal.format(-5, exponent: 3) == "-0.005")
        #expect(PlainDecimal.format(42, exponent: -1) == "42")
    }

    @Test func theBuilderNamesPayeePeriodAndCurrency() throws {
        let entries = (0..<10).map { E.entry("x\($0)", "2026-10-03T10:00:00Z", cents: Int64.max / 4) }
        let payee = Payee(id: "drv_1", type: .driver, name: "Ann", timeZone: "UTC", locale: "en_US")
        let builder = StatementBuilder(selection: PeriodSelection(kinds: [.month]))
        #expect(
            throws: BookOverflow(
                payeeID: "drv_1", period: "2026-10", currency: "USD", overflow: MoneyOverflow(total: "earnings")
            )
        ) {
            try builder.book(for: payee, entries: entries, zone: .utc)
        }
        let error = BookOverflow(
            payeeID: "drv_1", period: "2026-10", currency: "USD", overflow: MoneyOverflow(total: "earnings"))
        #expect(
            error.description
                == "payee drv_1, 2026-10, USD: the total of earnings exceeds what can be held exactly (±9,223,372,036,854,775,807 minor units)"
        )
    }

    @Test func anOpeningBalanceThatOverflowsIsNamed() throws {
        // October alone fits; the balance before November does not.
        let entries = [
            E.entry("a", "2026-10-03T10:00:00Z", cents: Int64.max / 2 + 1),
            E.entry("b", "2026-10-04T10:00:00Z", cents: Int64.max / 2 + 1),
            E.entry("c", "2026-11-03T10:00:00Z", kind: .payout, cents: -(Int64.max / 2)),
        ]
        let payee = Payee(id: "drv_1", type: .driver, name: "Ann", timeZone: "UTC", locale: "en_US")
        #expect(throws: BookOverflow.self) {
            try StatementBuilder(selection: PeriodSelection(kinds: [.day])).book(
                for: payee, entries: entries, zone: .utc)
        }
    }
}
