// swift-format-ignore-file: NeverForceUnwrap

import LedgerPressTestSupport
import Testing

@testable import LedgerPressCore

/// Issue 50 against an independent reference written here (plain loops over the entries, none of the builder's
/// types): random ledgers that start mid-history (one `opening_balance` per currency at the earliest instant),
/// jobs with distances in km and mi, payouts with arrival dates. Month and year statements must bring the opening
/// forward into the opening balance (never into activity), total distances per unit, and carry each payout's
/// arrival.
@Suite struct Issue50PropertyTests {
    /// The same SplitMix64 as the builder's property tests.
    typealias Random = StatementBuilderPropertyTests.Random

    static let usd = Currency(code: "USD")!
    static let eur = Currency(code: "EUR")!

    /// A ledger of 2026 (UTC), its entries in random order.
    static func ledger(seed: UInt64) -> [LedgerEntry] {
        var random = Random(state: seed)
        let start: Int64 = 1_767_225_600 + Int64(random.below(200)) * 86_400  // from 2026-01-01
        var entries: [LedgerEntry] = []
        for currency in [usd, eur] where random.below(4) != 0 {
            entries.append(
                LedgerEntry(
                    id: "open-\(currency.code)", occurredAt: Timestamp(epochSeconds: start), payeeID: "p",
                    payeeType: .driver, kind: .openingBalance,
                    amount: Money(minorUnits: Int64(random.below(200_000)) - 50_000, currency: currency),
                    source: SourceLocation(file: "l.csv", line: 2)))
        }
        for i in 0..<(5 + random.below(120)) {
            let at = start + Int64(random.below(150 * 86_400))
            let currency = random.below(3) == 0 ? eur : usd
            let kinds: [EntryKind] = [.earning, .earning, .fee, .tip, .payout, .adjustment]
            let kind = kinds[random.below(kinds.count)]
            var amount = Int64(random.below(50_000)) + 1
            if kind == .fee || kind == .payout { amount = -amount }
            let distance: Distance? =
                kind == .earning && random.below(4) != 0
                ? Distance(thousandths: Int64(random.below(90_000)), unit: random.below(3) == 0 ? .km : .mi) : nil
            let arrival: CivilDate? =
                kind == .payout && random.below(3) != 0
                ? CivilDate(daysSinceEpoch: Int(at / 86_400) + 1 + random.below(4)) : nil
            entries.append(
                LedgerEntry(
                    id: "e\(i)", occurredAt: Timestamp(epochSeconds: at), payeeID: "p", payeeType: .driver, kind: kind,
                    amount: Money(minorUnits: amount, currency: currency),
                    reference: kind == .payout ? nil : "job\(i)", payoutID: kind == .payout ? "po\(i)" : nil,
                    payoutStatus: kind == .payout ? [.pending, .processing, .paid][random.below(3)] : nil,
                    payoutArrival: arrival, distance: distance, source: SourceLocation(file: "l.csv", line: i + 3)))
        }
        var shuffled = entries
        for i in shuffled.indices.reversed() where i > 0 { shuffled.swapAt(i, random.below(i + 1)) }
        return shuffled
    }

    static func day(_ entry: LedgerEntry) -> CivilDate {
        CivilDate(daysSinceEpoch: Int(entry.occurredAt.epochSeconds / 86_400))
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
    func monthAndYearStatementsMatchTheReference(seed: UInt64) throws {
        let entries = Self.ledger(seed: seed)
        let payee = Payee(id: "p", type: .driver, name: "P", timeZone: "UTC", locale: "en_US")
        let book = try StatementBuilder(selection: PeriodSelection(kinds: [.month, .year])).book(
            for: payee, entries: entries, zone: .utc)
        #expect(!book.statements.isEmpty)
        for statement in book.statements {
            let period = statement.period
            for section in statement.sections {
                let mine = entries.filter { $0.amount.currency == section.currency }
                let inPeriod = mine.filter { period.start <= Self.day($0) && Self.day($0) < period.end }
                let before = mine.filter { Self.day($0) < period.start }
                let opening =
                    before.reduce(Int64(0)) { $0 + $1.amount.minorUnits }
                    + inPeriod.filter { $0.kind == .openingBalance }.reduce(Int64(0)) { $0 + $1.amount.minorUnits }
                let activity = inPeriod.filter { $0.kind != .payout && $0.kind != .openingBalance }
                    .reduce(Int64(0)) { $0 + $1.amount.minorUnits }
                let payouts = inPeriod.filter { $0.kind == .payout }.reduce(Int64(0)) { $0 + $1.amount.minorUnits }
                let f = section.figures
                #expect(f.openingBalance == opening, "\(period.label) \(section.currency.code)")
                #expect(f.netActivity == activity)
                #expect(f.payouts == payouts)
                #expect(f.closingBalance == opening + activity + payouts)
                #expect(
                    f.broughtForward
                        == inPeriod.filter { $0.kind == .openingBalance }.reduce(Int64(0)) {
                            $0 + $1.amount.minorUnits
                        })
                // Never a statement line, never in the gross of the year.
                #expect(section.lines.allSatisfy { $0.figures.broughtForward == 0 })
                #expect(
                    section.lines.reduce(0) { $0 + $1.figures.entries }
                        == inPeriod.filter { $0.kind != .openingBalance }.count)
                if let annual = section.annual {
                    let gross = annual.months.reduce(Int64(0)) { $0 + $1.gross }
                    let take = inPeriod.filter { $0.kind == .earning || $0.kind == .fee }
                        .reduce(Int64(0)) { $0 + $1.amount.minorUnits }
                    #expect(gross == take)
                }
                // Distances per unit, never converted; none when no job carried one in that unit.
                for unit in DistanceUnit.allCases {
                    let jobs = inPeriod.compactMap(\.distance).filter { $0.unit == unit }
                    let expected: Int64? = jobs.isEmpty ? nil : jobs.reduce(Int64(0)) { $0 + $1.thousandths }
                    #expect(section.distance[unit] == expected, "\(period.label) \(unit)")
                }
                // Each payout line carries its row's arrival date; nothing is guessed for the others.
                let rows = inPeriod.filter { $0.kind == .payout }
                #expect(section.payouts.count == rows.count)
                for line in section.payouts {
                    let row = rows.first { $0.payoutID == line.payoutID }
                    #expect(line.arrival == row?.payoutArrival)
                }
            }
        }
        // The home: a payout on its way with an arrival is listed; a paid one never.
        let onTheirWay = Set(book.payoutSplit.onTheirWay.map(\.payoutID))
        let expected = Set(
            entries.filter { $0.kind == .payout && $0.payoutStatus != .paid && $0.payoutArrival != nil }
                .compactMap(\.payoutID))
        #expect(onTheirWay == expected)
    }

    @Test func aSecondDifferentOpeningAndALateOneAreErrorsNamingBothLines() {
        func entry(_ id: String, _ kind: EntryKind, _ at: Int64, _ amount: Int64, line: Int) -> LedgerEntry {
            LedgerEntry(
                id: id, occurredAt: Timestamp(epochSeconds: at), payeeID: "p", payeeType: .merchant, kind: kind,
                amount: Money(minorUnits: amount, currency: Self.usd), source: SourceLocation(file: "l.csv", line: line)
            )
        }
        var ledger = Ledger()
        var log = DiagnosticLog()
        ledger.add(entry("o1", .openingBalance, 1_790_000_000, 50_000, line: 2), diagnostics: &log)
        ledger.add(entry("s1", .earning, 1_790_000_100, 1_000, line: 3), diagnostics: &log)
        #expect(ledger.openingBalanceProblems().isEmpty)
        // The same opening again (an overlapping export) is one entry, never a problem.
        ledger.add(entry("o1", .openingBalance, 1_790_000_000, 50_000, line: 9), diagnostics: &log)
        #expect(ledger.openingBalanceProblems().isEmpty)
        ledger.add(entry("o2", .openingBalance, 1_790_000_000, 40_000, line: 4), diagnostics: &log)
        #expect(
            ledger.openingBalanceProblems().map(\.message) == [
                "l.csv:4: error: kind: expected one opening_balance for payee 'p' in USD (the first is 'o1' at l.csv:2, 500.00), got ''o2', 400.00'"
            ])
        var late = Ledger()
        late.add(entry("s1", .earning, 1_790_000_000, 1_000, line: 2), diagnostics: &log)
        late.add(entry("o1", .openingBalance, 1_790_000_100, 50_000, line: 3), diagnostics: &log)
        #expect(
            late.openingBalanceProblems().map(\.message) == [
                "l.csv:3: error: occurred_at: expected an opening_balance at or before payee 'p''s first USD entry (at l.csv:2, 2026-09-21T14:13:20+00:00), got '2026-09-21T14:15:00+00:00'"
            ])
        #expect(log.items.isEmpty)
    }

    /// Only the same payee and currency's entries count against an opening, and the problems come in payee, then
    /// currency order, whatever the ledger's order.
    @Test func openingProblemsAreKeptPerPayeeAndCurrencyInOrder() {
        func entry(_ id: String, _ payee: String, _ kind: EntryKind, _ at: Int64, _ currency: Currency, line: Int)
            -> LedgerEntry
        {
            LedgerEntry(
                id: id, occurredAt: Timestamp(epochSeconds: at), payeeID: payee, payeeType: .merchant, kind: kind,
                amount: Money(minorUnits: 1_000, currency: currency), source: SourceLocation(file: "l.csv", line: line))
        }
        var ledger = Ledger()
        var log = DiagnosticLog()
        // Earlier entries of another payee, and of the same payee in another currency, never make an opening late.
        ledger.add(entry("x1", "b", .earning, 1_790_000_000, Self.usd, line: 2), diagnostics: &log)
        ledger.add(entry("x2", "z", .earning, 1_790_000_000, Self.eur, line: 3), diagnostics: &log)
        ledger.add(entry("z1", "z", .openingBalance, 1_790_000_500, Self.usd, line: 4), diagnostics: &log)
        ledger.add(entry("z2", "z", .earning, 1_790_000_400, Self.usd, line: 5), diagnostics: &log)
        ledger.add(entry("a1", "a", .openingBalance, 1_790_000_500, Self.eur, line: 6), diagnostics: &log)
        ledger.add(entry("a2", "a", .openingBalance, 1_790_000_500, Self.usd, line: 7), diagnostics: &log)
        ledger.add(entry("a3", "a", .openingBalance, 1_790_000_600, Self.eur, line: 8), diagnostics: &log)
        ledger.add(entry("a4", "a", .earning, 1_790_000_100, Self.eur, line: 9), diagnostics: &log)
        ledger.add(entry("a5", "a", .earning, 1_790_000_900, Self.usd, line: 10), diagnostics: &log)
        #expect(
            ledger.openingBalanceProblems().map(\.message) == [
                "l.csv:8: error: kind: expected one opening_balance for payee 'a' in EUR (the first is 'a1' at l.csv:6, 10.00), got ''a3', 10.00'",
                "l.csv:6: error: occurred_at: expected an opening_balance at or before payee 'a''s first EUR entry (at l.csv:9, 2026-09-21T14:15:00+00:00), got '2026-09-21T14:21:40+00:00'",
                "l.csv:4: error: occurred_at: expected an opening_balance at or before payee 'z''s first USD entry (at l.csv:5, 2026-09-21T14:20:00+00:00), got '2026-09-21T14:21:40+00:00'",
            ])
        #expect(log.items.isEmpty)
    }
}
