import Testing

@testable import LedgerPressCore

/// The home's payouts by status: checked sums (an overflow is the payee's ``BookOverflow``, never a crash or a
/// wrapped number), and "this month" by business day.
@Suite struct PayoutSplitTests {
    static let usd = Currency(code: "USD")

    static func payout(_ id: String, _ time: String, _ amount: Int64, _ status: PayoutStatus) throws -> LedgerEntry {
        LedgerEntry(
            id: id, occurredAt: try #require(RFC3339.parse(time)), payeeID: "drv", payeeType: .driver, kind: .payout,
            amount: Money(minorUnits: amount, currency: try #require(usd)), payoutID: id, payoutStatus: status,
            source: SourceLocation(file: "t.csv", line: 2))
    }

    static func book(_ entries: [LedgerEntry], dayStart: String = "00:00") throws -> PayeeBook {
        let payee = Payee(
            id: "drv", type: .driver, name: "D", timeZone: "America/New_York", locale: "en_US",
            dayStart: try #require(DayStart(parsing: dayStart)))
        return try StatementBuilder(selection: PeriodSelection()).book(
            for: payee, entries: entries, zone: try #require(ZoneClock(identifier: "America/New_York")))
    }

    @Test func pendingPayoutsBeyondInt64AreABookOverflow() throws {
        // Every statement's payouts fit (in time order: -max, +20, -10); the pending ones alone (max + 10) do not.
        let entries = [
            try Self.payout("a", "2026-10-01T12:00:00Z", Int64.min + 1, .pending),
            try Self.payout("d", "2026-10-02T12:00:00Z", 20, .failed),
            try Self.payout("c", "2026-10-03T12:00:00Z", -10, .pending),
        ]
        #expect(
            throws: BookOverflow(
                payeeID: "drv", period: nil, currency: "USD", overflow: MoneyOverflow(total: "pending payouts"))
        ) {
            try Self.book(entries)
        }
        // One payout of Int64.min minor units has no positive amount leaving.
        #expect(
            throws: BookOverflow(
                payeeID: "drv", period: nil, currency: "USD", overflow: MoneyOverflow(total: "payouts"))
        ) {
            try Self.book([try Self.payout("m", "2026-10-01T12:00:00Z", Int64.min, .paid)])
        }
    }

    @Test func paidThisMonthCountsByBusinessDay() throws {
        // Paid at 02:00 on 1 November: with a 04:00 day start that is still 31 October's business day.
        let entries = [
            try Self.payout("p1", "2026-10-20T12:00:00-04:00", -5_000, .paid),
            try Self.payout("p2", "2026-11-01T02:00:00-04:00", -700, .paid),
            try Self.payout("p3", "2026-10-31T12:00:00-04:00", -300, .processing),
        ]
        let cutoff = try Self.book(entries, dayStart: "04:00")
        #expect(cutoff.latestDay == CivilDate(year: 2026, month: 10, day: 31))
        #expect(cutoff.payoutSplit.month == CivilDate(year: 2026, month: 10, day: 1))
        let sums = try #require(cutoff.payoutSplit.byCurrency.first?.sums)
        #expect(sums.paidThisMonth == 5_700 && sums.processing == 300 && sums.count == 3)
        let midnight = try Self.book(entries)
        #expect(midnight.payoutSplit.month == CivilDate(year: 2026, month: 11, day: 1))
        #expect(midnight.payoutSplit.byCurrency.first?.sums.paidThisMonth == 700)
    }

    /// Issue 28: a payout known only from its entries (no `payout` row of its id) counts with the status from its
    /// entries, as the sum of its entries, and its money is the part of the balance it holds.
    @Test func aPayoutKnownOnlyFromItsEntriesCountsWithTheirStatus() throws {
        func entry(_ id: String, _ kind: EntryKind, _ amount: Int64, _ payout: String?, _ status: PayoutStatus?)
            throws -> LedgerEntry
        {
            LedgerEntry(
                id: id, occurredAt: try #require(RFC3339.parse("2026-10-02T12:00:00Z")), payeeID: "drv",
                payeeType: .driver, kind: kind, amount: Money(minorUnits: amount, currency: try #require(Self.usd)),
                payoutID: payout, payoutStatus: status, source: SourceLocation(file: "t.csv", line: 2))
        }
        let entries = [
            try entry("b1", .earning, 4_000, "po_b1", .pending), try entry("b1:fee", .fee, -1_000, "po_b1", .pending),
            try entry("b2", .earning, 2_000, nil, nil), try entry("c1", .earning, 700, "po_c1", .processing),
            try entry("d1", .earning, 500, "po_d1", .paid), try entry("d2", .tip, 100, "po_r", nil),
            try entry("po_r", .payout, -100, "po_r", .paid),
        ]
        let book = try Self.book(entries)
        let sums = try #require(book.payoutSplit.byCurrency.first?.sums)
        #expect(sums.pending == 3_000 && sums.inPending == 3_000)
        #expect(sums.processing == 700 && sums.inProcessing == 700)
        #expect(sums.paidThisMonth == 600 && sums.inPaid == 500)
        #expect(sums.count == 4)
        #expect(book.allTime.first?.figures.closingBalance == 6_200)
    }
}
