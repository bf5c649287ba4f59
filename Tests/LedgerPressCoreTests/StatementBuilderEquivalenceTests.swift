import Testing

@testable import LedgerPressCore

/// The builder with running sums gives exactly the book of the reference builder (which re-adds every
/// entry for each period), or exactly its overflow: the same payee, period, currency and total named.
@Suite struct StatementBuilderEquivalenceTests {
    typealias Random = StatementBuilderPropertyTests.Random

    static func outcome(_ build: () throws(BookOverflow) -> PayeeBook) -> Result<PayeeBook, BookOverflow> {
        do throws(BookOverflow) { return .success(try build()) } catch { return .failure(error) }
    }

    static func compare(
        _ entries: [LedgerEntry], zone: ZoneClock, selection: PeriodSelection, dayStart: DayStart = .midnight,
        weekStart: Weekday = .monday
    ) {
        let payee = Payee(
            id: "p", type: .merchant, name: "P", timeZone: zone.identifier, locale: "en_US", dayStart: dayStart,
            weekStart: weekStart)
        let fast = outcome { () throws(BookOverflow) in
            try StatementBuilder(selection: selection).book(for: payee, entries: entries, zone: zone)
        }
        let reference = outcome { () throws(BookOverflow) in
            try ReferenceStatementBuilder(selection: selection).book(for: payee, entries: entries, zone: zone)
        }
        switch (fast, reference) {
        case (.success(let a), .success(let b)): #expect(a == b)
        case (.failure(let a), .failure(let b)): #expect(a == b)
        default: Issue.record("fast \(fast) differs from reference \(reference)")
        }
    }

    @Test(arguments: [UInt64(11), 12, 13, 14])
    func randomLedgersGiveTheReferenceBook(seed: UInt64) {
        var random = Random(state: seed &* 0x2545_F491_4F6C_DD1D)
        for _ in 0..<100 {
            let testCase = StatementBuilderPropertyTests.makeCase(&random, huge: false)
            Self.compare(
                testCase.entries, zone: testCase.zone, selection: testCase.selection, dayStart: testCase.dayStart,
                weekStart: testCase.weekStart)
        }
    }

    /// Thousands of amounts at the limit, of every kind and both signs, over a few weeks: some books
    /// overflow (in a kind, net activity, take, a balance, a line, the year to date), some do not.
    @Test(arguments: (UInt64(21)...UInt64(36)).map { $0 })
    func hugeAmountsOverflowAsTheReferenceDoes(seed: UInt64) {
        var random = Random(state: seed &* 0x9E37_79B9_7F4A_7C15)
        let usd = Currency(code: "USD")!
        let jpy = Currency(code: "JPY")!
        let zone = ZoneClock(identifier: random.pick(StatementBuilderPropertyTests.zones)) ?? .utc
        let count = 9_000 + random.below(5_000)
        // Mostly one sign per seed, so that totals run far enough to overflow somewhere.
        let negativeShare = random.pick([0, 0, 1, 5, 9])
        let kinds = random.pick([
            [EntryKind.earning], [.earning, .fee], [.tip, .payout], EntryKind.allCases.filter { $0 != .openingBalance },
        ])
        let days = random.pick([1, 3, 40])
        let entries = (0..<count).map { i -> LedgerEntry in
            let magnitude = AmountParser.limit - Int64(random.below(1_000))
            let amount = random.below(10) < negativeShare ? -magnitude : magnitude
            return LedgerEntry(
                id: "e\(i)", occurredAt: Timestamp(epochSeconds: 1_798_000_000 + Int64(random.below(days * 86_400))),
                payeeID: "p",
                payeeType: .merchant, kind: random.pick(kinds),
                amount: Money(minorUnits: amount, currency: random.below(8) == 0 ? jpy : usd),
                reference: random.below(3) == 0 ? "r\(random.below(50))" : nil,
                source: SourceLocation(file: "huge.csv", line: i + 2))
        }
        let selection = random.pick([
            PeriodSelection(), PeriodSelection(kinds: [.month]), PeriodSelection(kinds: [.week, .month]),
        ])
        Self.compare(entries, zone: zone, selection: selection)
    }

    @Test func extremeAmountsBeyondTheImportLimitStillMatch() {
        let usd = Currency(code: "USD")!
        func entry(_ id: String, _ seconds: Int64, _ kind: EntryKind, _ amount: Int64) -> LedgerEntry {
            LedgerEntry(
                id: id, occurredAt: Timestamp(epochSeconds: seconds), payeeID: "p", payeeType: .merchant, kind: kind,
                amount: Money(minorUnits: amount, currency: usd), source: SourceLocation(file: "x.csv", line: 2))
        }
        let october: Int64 = 1_790_000_000
        let november = october + 31 * 86_400
        let cases: [[LedgerEntry]] = [
            [entry("a", october, .earning, Int64.min)],
            [entry("a", october, .earning, Int64.max), entry("b", october, .fee, -1)],
            [entry("a", october, .earning, Int64.max), entry("b", november, .tip, 1)],
            [entry("a", october, .earning, Int64.max / 2 + 1), entry("b", october, .tip, Int64.max / 2 + 1)],
            [
                entry("a", october, .earning, Int64.max), entry("b", october, .fee, Int64.min + 1),
                entry("c", november, .payout, Int64.min),
            ],
        ]
        for entries in cases {
            for selection in [PeriodSelection(), PeriodSelection(kinds: [.month])] {
                Self.compare(entries, zone: .utc, selection: selection)
            }
        }
    }
}
