import Testing

@testable import LedgerPressCore

/// The parts the builder is made of: the timeline, running sums per currency, and statement lines.
@Suite struct StatementPartsTests {
    typealias E = LedgerTests

    @Test func theTimelineOrdersByLocalDateThenInstantThenID() throws {
        let zone = try #require(ZoneClock(identifier: "America/New_York"))
        let entries = [
            E.entry("b", "2026-11-01T01:30:00-05:00"), E.entry("a", "2026-11-01T01:30:00-05:00"),
            E.entry("c", "2026-10-31T23:59:00-04:00"), E.entry("d", "2026-11-01T05:10:00Z"),
        ]
        let timeline = PayeeTimeline(entries: entries, zone: zone)
        #expect(timeline.order.map { entries[$0].id } == ["c", "d", "a", "b"])
        #expect(timeline.offsets == [-18_000, -18_000, -14_400, -14_400])
        // "as of" the latest instant; of equal instants the first in order.
        #expect(timeline.latestBefore.map { $0 < 0 ? "-" : entries[$0].id } == ["-", "c", "d", "a", "a"])
        let november = try #require(CivilDate(year: 2026, month: 11, day: 1))
        #expect(timeline.position(before: november.daysSinceEpoch) == 1)
        #expect(
            timeline.periods(PeriodSelection(kinds: [.month, .day])).map(\.label) == [
                "2026-10", "2026-10-31", "2026-11-01", "2026-11",
            ])
    }

    @Test func runningSumsGiveTheFiguresOfAnyRun() throws {
        let entries = [
            E.entry("a", "2026-10-01T10:00:00Z", cents: 1_000),
            E.entry("b", "2026-10-02T10:00:00Z", kind: .fee, cents: -250),
            E.entry("c", "2026-10-03T10:00:00Z", kind: .payout, cents: -500),
            E.entry("d", "2026-10-04T10:00:00Z", kind: .tip, cents: 75),
        ]
        let history = try #require(CurrencyHistory.split(PayeeTimeline(entries: entries, zone: .utc)).first)
        #expect(history.exact)
        for lo in 0...entries.count {
            for hi in lo...entries.count {
                var added = Figures()
                for entry in entries[lo..<hi] { try added.add(entry.kind, entry.amount.minorUnits) }
                #expect(try history.figures(lo..<hi) == added)
            }
            #expect(try history.openingBalance(before: lo) == entries[..<lo].reduce(0) { $0 + $1.amount.minorUnits })
        }
    }

    @Test func magnitudesBeyondInt64AreAddedOneByOne() throws {
        let entries = [E.entry("a", cents: Int64.max), E.entry("b", kind: .fee, cents: -1)]
        let history = try #require(CurrencyHistory.split(PayeeTimeline(entries: entries, zone: .utc)).first)
        #expect(!history.exact)
        #expect(try history.figures(0..<2).take == Int64.max - 1)
        #expect(throws: MoneyOverflow(total: "opening balance")) {
            try CurrencyHistory.split(PayeeTimeline(entries: [entries[0], E.entry("c", cents: 1)], zone: .utc))[0]
                .openingBalance(before: 2)
        }
    }

    @Test func kindSumsSubtractRuns() {
        var early = KindSums()
        early.add(.earning, 500)
        var late = early
        late.add(.refund, -200)
        late.add(.payout, -100)
        let run = late - early
        #expect(run == KindSums(refunds: -200, payouts: -100, entries: 2))
        #expect(run.change == -300)
        #expect(Figures(exact: late).closingBalance == 200)
    }

    @Test func linesGroupByReferenceWithinEachCall() throws {
        let entries = [
            E.entry("t1", "2026-10-01T10:00:00Z", reference: "job"),
            E.entry("t2", "2026-10-01T11:00:00Z", kind: .tip, cents: 5, reference: "job"),
            E.entry("t3", "2026-10-01T09:00:00Z"),
        ]
        let timeline = PayeeTimeline(entries: entries, zone: .utc)
        var lines = StatementLines(timeline: timeline, statuses: PayoutStatuses(entries: entries))
        let first = try lines.lines([0, 1, 2])
        #expect(first.map(\.firstEntryID) == ["t3", "t1"])
        #expect(first[1].figures.entries == 2)
        // A later call starts afresh: the reference seen before makes a new line.
        let second = try lines.lines([1])
        #expect(second.map(\.firstEntryID) == ["t2"] && second[0].figures.tips == 5)
    }
}
