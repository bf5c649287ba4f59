import LedgerPressCore
import LedgerPressRender
import LedgerPressTestSupport
import Testing

@testable import LedgerPressSample

/// The statements, the charts and the home's payout split count every entry to the same business day: for
/// random ledgers in zones with DST changes (New York, Lord Howe's half hour, Chatham, Kathmandu), random day
/// starts (often inside a DST change) and week starts, and entries right at and just before day starts, each
/// agrees with a plain reference written here from ``ReferenceBusinessDay``.
@Suite struct BusinessDayAgreementTests {
    struct Case {
        var payee: Payee
        var zone: ZoneClock
        var entries: [LedgerEntry]
    }

    static let zones = [
        "America/New_York", "Australia/Lord_Howe", "Europe/Berlin", "Pacific/Chatham", "Asia/Kathmandu", "UTC",
    ]
    static let currencies = ["USD", "EUR", "JPY"].compactMap { Currency(code: $0) }

    static func makeCase(_ random: inout SplitMix64, round: Int) throws -> Case {
        let zoneName = random.pick(zones)
        let zone = try #require(ZoneClock(identifier: zoneName))
        let minutes: Int
        switch random.int(0...3) {
        case 0: minutes = 0
        case 1: minutes = 240
        case 2: minutes = random.int(60...180)  // inside most zones' DST changes
        default: minutes = random.int(0...1_439)
        }
        let dayStart = try #require(DayStart(minutes: minutes))
        let weekStart = random.pick(Weekday.allCases)
        // Around the 2026 spring and autumn changes of these zones (both hemispheres).
        let base: Int64 = random.pick([1_772_000_000, 1_774_500_000, 1_790_500_000, 1_792_500_000])
        let statuses: [PayoutStatus?] = [.pending, .processing, .paid, .paid, .failed, nil]
        let kinds: [EntryKind] = [.earning, .earning, .tip, .fee, .adjustment, .refund, .payout]
        let entries = (0..<(3 + random.int(0...70))).map { i -> LedgerEntry in
            var seconds = base + Int64(random.int(0...(45 * 86_400 - 1)))
            if random.int(0...2) == 0 {
                // At a day start, or the second before it.
                let day = ReferenceBusinessDay.day(seconds, zone: zone, dayStart: dayStart)
                seconds =
                    ReferenceBusinessDay.start(of: day.adding(days: 1), zone: zone, dayStart: dayStart)
                    - Int64(random.int(0...1))
            }
            let kind = random.pick(kinds)
            var amount = Int64(random.int(1...500_000))
            if kind == .fee || kind == .refund || (kind == .payout && random.int(0...9) > 0) { amount = -amount }
            if kind == .adjustment && random.chance(50) { amount = -amount }
            return LedgerEntry(
                id: "e\(round)_\(i)", occurredAt: Timestamp(epochSeconds: seconds), payeeID: "p", payeeType: .driver,
                kind: kind, amount: Money(minorUnits: amount, currency: random.pick(currencies)),
                payoutID: kind == .payout ? "po\(i)" : nil, payoutStatus: kind == .payout ? random.pick(statuses) : nil,
                source: SourceLocation(file: "random.csv", line: i + 2))
        }
        let payee = Payee(
            id: "p", type: .driver, name: "P", timeZone: zoneName, locale: "en_US", dayStart: dayStart,
            weekStart: weekStart)
        return Case(payee: payee, zone: zone, entries: entries)
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6])
    func homeChartsAndStatementsAgreeWithTheReference(seed: UInt64) throws {
        var random = SplitMix64(seed: seed &* 0x2545_F491_4F6C_DD1D)
        var checked = (days: 0, charts: 0, payouts: 0)
        for round in 0..<12 {
            let testCase = try Self.makeCase(&random, round: round)
            let payee = testCase.payee
            let label = "\(payee.timeZone) \(payee.dayStart) \(payee.weekStart)"
            let book = try StatementBuilder(selection: PeriodSelection(kinds: PeriodKind.calendarKinds)).book(
                for: payee, entries: testCase.entries, zone: testCase.zone)
            // The reference: each entry's business day, by the definition.
            let days = testCase.entries.map {
                ReferenceBusinessDay.day($0.occurredAt.epochSeconds, zone: testCase.zone, dayStart: payee.dayStart)
            }
            func entries(in period: Period, _ currency: Currency) -> [Int] {
                testCase.entries.indices.filter {
                    period.contains(days[$0]) && testCase.entries[$0].amount.currency == currency
                }
            }
            // Statements: a day statement for each reference day, holding exactly its entries; weeks from the week
            // start; every statement's sections are the sums of its entries.
            let dayLabels = Set(days.map(\.description))
            #expect(Set(book.statements.filter { $0.period.kind == .day }.map(\.period.label)) == dayLabels, "\(label)")
            for statement in book.statements {
                if statement.period.kind == .week {
                    #expect(statement.period.start.isoWeekday == payee.weekStart.isoNumber)
                    #expect(
                        statement.period.label.hasPrefix("20")
                            && statement.period.label.contains("-W") == (payee.weekStart == .monday))
                }
                for section in statement.sections {
                    let inside = entries(in: statement.period, section.currency)
                    #expect(section.figures.entries == inside.count, "\(label) \(statement.period.label)")
                    let net = inside.reduce(Int64(0)) { sum, index in
                        let entry = testCase.entries[index]
                        return entry.kind == .payout ? sum : sum + entry.amount.minorUnits
                    }
                    #expect(section.figures.netActivity == net, "\(label) \(statement.period.label)")
                    if statement.period.kind == .day { checked.days += 1 }
                    // Charts: one bar per business day, each the net activity of that day's entries (every entry is
                    // a line of its own here), equal to that day's own statement.
                    guard let chart = NetChart(section: section, period: statement.period) else { continue }
                    checked.charts += 1
                    for bar in chart.days {
                        let day = Period.containing(bar.date, kind: .day)
                        let expected = entries(in: day, section.currency).reduce(Int64(0)) { sum, index in
                            let entry = testCase.entries[index]
                            return entry.kind == .payout ? sum : sum + entry.amount.minorUnits
                        }
                        #expect(bar.net == expected, "\(label) \(statement.period.label) \(bar.date)")
                        let dayStatement = book.statements.first { $0.period == day }
                        let dayNet = dayStatement?.sections.first { $0.currency == section.currency }?.figures
                            .netActivity
                        #expect(bar.net == dayNet ?? 0)
                    }
                }
            }
            // The home's payout split: each payout once, by its status; paid "this month" when its business day is
            // in the month of the latest entry's business day.
            let latest = testCase.entries.indices.max {
                testCase.entries[$0].occurredAt < testCase.entries[$1].occurredAt
            }
            let month = try #require(latest.map { days[$0].startOfMonth })
            #expect(book.latestDay.startOfMonth == month)
            #expect(book.payoutSplit.month == month)
            var expected: [String: PayoutSplit.Sums] = [:]
            for (index, entry) in testCase.entries.enumerated() where entry.kind == .payout {
                var sums = expected[entry.amount.currency.code] ?? PayoutSplit.Sums()
                let leaving = -entry.amount.minorUnits
                sums.count += 1
                switch entry.payoutStatus {
                case .pending?, nil: sums.pending += leaving
                case .processing?: sums.processing += leaving
                case .failed?: sums.failed += leaving
                case .paid?: if days[index].startOfMonth == month { sums.paidThisMonth += leaving }
                }
                expected[entry.amount.currency.code] = sums
                checked.payouts += 1
            }
            #expect(book.payoutSplit.byCurrency.map(\.currency.code) == expected.keys.sorted(), "\(label)")
            for (currency, sums) in book.payoutSplit.byCurrency {
                #expect(sums == expected[currency.code], "\(label) \(currency.code)")
            }
        }
        #expect(checked.days > 100 && checked.charts > 20 && checked.payouts > 10)
    }
}
