import LedgerPressTestSupport
import Testing

@testable import LedgerPressCore

/// Random ledgers (kinds, amounts up to ±10^15, currencies, zones, periods) never crash the builder; when it
/// returns, every figure is the exact sum of its entries and balances chain; when it throws, it is the typed
/// overflow and the amounts really could not be summed in `Int64`.
@Suite struct StatementBuilderPropertyTests {
    /// SplitMix64: a tiny deterministic generator (same seed, same ledgers, on every machine).
    struct Random {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

        mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

        /// A signed amount whose magnitude has a random number of digits, at most 10^15.
        mutating func amount(huge: Bool) -> Int64 {
            let magnitude: Int64
            if huge {
                magnitude = AmountParser.limit - Int64(below(1_000))
            } else {
                var bound: Int64 = 1
                for _ in 0..<below(16) { bound *= 10 }
                magnitude = bound == 1 ? Int64(below(2)) * AmountParser.limit : Int64(next() % UInt64(bound))
            }
            return below(5) == 0 ? -magnitude : magnitude
        }
    }

    static let zones = [
        "UTC", "America/New_York", "Asia/Kathmandu", "Pacific/Chatham", "Australia/Lord_Howe", "Europe/Berlin",
        "America/St_Johns",
    ]
    static let currencies = ["USD", "JPY", "BHD", "EUR"].compactMap { Currency(code: $0) }

    struct Case {
        var entries: [LedgerEntry]
        var zone: ZoneClock
        var selection: PeriodSelection
        var dayStart = DayStart.midnight
        var weekStart = Weekday.monday

        var payee: Payee {
            Payee(
                id: "p", type: .driver, name: "P", timeZone: zone.identifier, locale: "en_US", dayStart: dayStart,
                weekStart: weekStart)
        }
    }

    /// A random day start: midnight half the time, else any minute, often one inside a DST change (01:00-03:00).
    static func randomDayStart(_ random: inout Random) -> DayStart {
        switch random.below(4) {
        case 0, 1: return .midnight
        case 2: return DayStart(minutes: 60 + random.below(120)) ?? .midnight
        default: return DayStart(minutes: random.below(1_440)) ?? .midnight
        }
    }

    static func makeCase(_ random: inout Random, huge: Bool) -> Case {
        let zone = ZoneClock(identifier: random.pick(zones)) ?? .utc
        // Mostly a few weeks of 2026; sometimes anywhere from 1900 to 2199.
        let wide = random.below(6) == 0
        let base: Int64 = wide ? -2_208_988_800 : 1_790_000_000
        let span: Int64 = wide ? 9_467_280_000 : 90 * 86_400
        let count = huge ? 9_400 + random.below(2_000) : 1 + random.below(60)
        let manyKinds = EntryKind.allCases.filter { $0 != .openingBalance }  // issue 50 has its own tests
        let entries = (0..<count).map { i -> LedgerEntry in
            let kind = huge ? .earning : random.pick(manyKinds)
            var amount = random.amount(huge: huge)
            if huge { amount = Int64(amount.magnitude) }
            let seconds = huge ? base + Int64(random.below(5 * 86_400)) : base + Int64(random.next() % UInt64(span))
            // Some entries carry a payout that has no row of its own (known only from its entries, issue 28).
            let unbooked = !huge && kind != .payout && random.below(4) == 0
            return LedgerEntry(
                id: "e\(i)", occurredAt: Timestamp(epochSeconds: seconds), payeeID: "p", payeeType: .driver, kind: kind,
                amount: Money(minorUnits: amount, currency: huge ? currencies[0] : random.pick(currencies)),
                reference: random.below(3) == 0 ? "r\(random.below(5))" : nil,
                payoutID: kind == .payout ? "po\(i)" : unbooked ? "pu\(random.below(3))" : nil,
                payoutStatus: unbooked && random.below(4) != 0 ? random.pick(PayoutStatus.allCases) : nil,
                source: SourceLocation(file: "random.csv", line: i + 2))
        }
        var kinds = PeriodKind.calendarKinds.filter { _ in random.below(3) != 0 }
        if kinds.isEmpty { kinds = [.month] }
        let dayStart = randomDayStart(&random)
        let weekStart = random.below(2) == 0 ? Weekday.monday : random.pick(Weekday.allCases)
        var ranges: [Period] = []
        if random.below(3) == 0, let first = entries.first {
            let start = ReferenceBusinessDay.day(first.occurredAt.epochSeconds, zone: zone, dayStart: dayStart)
                .adding(days: -random.below(10))
            ranges.append(Period.range(from: start, through: start.adding(days: random.below(40))))
        }
        return Case(
            entries: entries, zone: zone, selection: PeriodSelection(kinds: kinds, ranges: ranges), dayStart: dayStart,
            weekStart: weekStart)
    }

    /// Exact sums, in 128 bits, of the entries of one currency whose business day is in `[from, to)`.
    static func exact(
        _ entries: [LedgerEntry], _ zone: ZoneClock, _ dayStart: DayStart, _ currency: Currency, from: CivilDate?,
        to: CivilDate
    ) -> [EntryKind: Int128] {
        var sums: [EntryKind: Int128] = [:]
        for entry in entries where entry.amount.currency == currency {
            let date = ReferenceBusinessDay.day(entry.occurredAt.epochSeconds, zone: zone, dayStart: dayStart)
            if date < to && from.map({ $0 <= date }) ?? true {
                sums[entry.kind, default: 0] += Int128(entry.amount.minorUnits)
            }
        }
        return sums
    }

    static func check(_ testCase: Case) {
        let payee = testCase.payee
        let book: PayeeBook
        do {
            book = try StatementBuilder(selection: testCase.selection).book(
                for: payee, entries: testCase.entries, zone: testCase.zone)
        } catch {
            // Only possible when the magnitudes together exceed what Int64 holds.
            let total = testCase.entries.reduce(Int128(0)) { $0 + Int128($1.amount.minorUnits.magnitude) }
            #expect(total > Int128(Int64.max), "\(error)")
            return
        }
        var last: [String: Figures] = [:]
        var lastEnd: [String: CivilDate] = [:]
        for statement in book.statements {
            for section in statement.sections {
                let f = section.figures
                // Totals equal the sum of the lines, kind by kind, and of the period's entries.
                let sums = exact(
                    testCase.entries, testCase.zone, testCase.dayStart, section.currency, from: statement.period.start,
                    to: statement.period.end)
                let before = exact(
                    testCase.entries, testCase.zone, testCase.dayStart, section.currency, from: nil,
                    to: statement.period.start)
                for kind in EntryKind.allCases {
                    #expect(Int128(f[kind]) == section.lines.reduce(Int128(0)) { $0 + Int128($1.figures[kind]) })
                    #expect(Int128(f[kind]) == sums[kind] ?? 0)
                }
                #expect(f.entries == section.lines.reduce(0) { $0 + $1.figures.entries })
                #expect(Int128(f.openingBalance) == before.values.reduce(0, +))
                #expect(
                    Int128(f.netActivity) == Int128(f.earnings) + Int128(f.tips) + Int128(f.fees)
                        + Int128(f.adjustments) + Int128(f.refunds) + Int128(f.tax))
                #expect(
                    Int128(f.closingBalance) == Int128(f.openingBalance) + Int128(f.netActivity) + Int128(f.payouts))
                #expect(Int128(f.take) == Int128(f.earnings) + Int128(f.fees))
                for line in section.lines {
                    #expect(Int128(line.net) == Int128(line.figures.netActivity) + Int128(line.figures.payouts))
                }
                // Adjacent periods of a kind chain: the opening is the previous closing.
                let key = statement.period.kind.rawValue + section.currency.code
                if let previous = last[key], lastEnd[key] == statement.period.start {
                    #expect(f.openingBalance == previous.closingBalance)
                }
                last[key] = f
                lastEnd[key] = statement.period.end
                if let ytd = section.yearToDate {
                    #expect(ytd.closingBalance == f.closingBalance)
                }
            }
        }
    }

    @Test(arguments: [UInt64(1), 2, 3, 4])
    func randomLedgersNeverCrashAndAddUp(seed: UInt64) {
        var random = Random(state: seed &* 0x2545_F491_4F6C_DD1D)
        for _ in 0..<100 { Self.check(Self.makeCase(&random, huge: false)) }
    }

    @Test func ledgersOfManyHugeAmountsOverflowAsTypedErrors() {
        var random = Random(state: 42)
        var threw = 0
        for _ in 0..<4 {
            let testCase = Self.makeCase(&random, huge: true)
            let payee = testCase.payee
            do {
                _ = try StatementBuilder(selection: testCase.selection).book(
                    for: payee, entries: testCase.entries, zone: testCase.zone)
            } catch {
                #expect(error.payeeID == "p" && error.currency == "USD")
                threw += 1
            }
        }
        #expect(threw == 4)
    }
}
