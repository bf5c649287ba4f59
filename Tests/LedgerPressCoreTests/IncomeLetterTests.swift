import LedgerPressCore
import Testing

/// The letter's arithmetic and its canonical JSON: averages rounded half away from zero in integers, a
/// document that always has the same bytes, and a reader that refuses what the writer never writes.
@Suite struct IncomeLetterTests {
    @Test(arguments: [
        (Int64(10), 4, Int64(3)), (9, 4, 2), (-10, 4, -3), (-9, 4, -2), (5, 2, 3), (-5, 2, -3), (4, 3, 1), (0, 12, 0),
        (11, 12, 1), (-6, 12, -1), (-5, 12, 0), (Int64.max, 4, Int64.max / 4 + 1), (Int64.min, 12, Int64.min / 12 - 1),
    ])
    func averageRoundsHalfAwayFromZero(total: Int64, weeks: Int, expected: Int64) {
        #expect(IncomeLetter.average(total, over: weeks) == expected)
    }

    @Test func canonicalBytesSortKeysAndEscapeOnlyWhatTheyMust() throws {
        let value = CanonicalJSON.object([
            "b": .array([.integer(-1), .bool(true), .null]), "a": .string("x\"\\\n\u{1}é<"), "é": .integer(0),
            "Z": .object([:]),
        ])
        let text = String(decoding: value.bytes, as: UTF8.self)
        #expect(text == #"{"Z":{},"a":"x\"\\\n\u0001é<","b":[-1,true,null],"é":0}"#)
        #expect(try CanonicalJSON.parse(value.bytes) == value)
        #expect(try CanonicalJSON.parse(Array(" { \"a\" : [ 1 , 2 ] } ".utf8)).bytes == Array(#"{"a":[1,2]}"#.utf8))
    }

    @Test(arguments: [
        "1.5", "1e3", "01", "-", "{\"a\":1,\"a\":2}", "[1,]", "{\"a\":1} x", "\"\u{1}\"", "99999999999999999999", "",
        "[" + String(repeating: "[", count: 40) + String(repeating: "]", count: 41),
    ])
    func readerRefusesWhatTheWriterNeverWrites(text: String) {
        #expect(throws: CanonicalJSON.ParseFailure.self) { try CanonicalJSON.parse(Array(text.utf8)) }
    }

    @Test func monthsWeeksYearAndPayoutsFollowTheIssueDay() throws {
        let payee = Payee(id: "drv_1", type: .driver, name: "A", timeZone: "UTC", locale: "en_US")
        let usd = try #require(Currency(code: "USD"))
        func entry(_ id: String, _ time: String, _ kind: EntryKind, _ amount: Int64, status: PayoutStatus? = nil)
            throws -> LedgerEntry
        {
            LedgerEntry(
                id: id, occurredAt: try #require(RFC3339.parse(time)), payeeID: "drv_1", payeeType: .driver,
                kind: kind, amount: Money(minorUnits: amount, currency: usd), payoutID: kind == .payout ? id : nil,
                payoutStatus: status, source: SourceLocation(file: "letter.csv", line: 2))
        }
        let entries = [
            try entry("e1", "2025-11-30T23:59:59Z", .earning, 1_000),  // before the 12 months
            try entry("e2", "2025-12-01T00:00:00Z", .earning, 2_000),
            try entry("f2", "2025-12-01T00:00:00Z", .fee, -500),
            try entry("e3", "2026-11-29T12:00:00Z", .earning, 700),  // the last complete month and week
            try entry("e4", "2026-12-01T08:00:00Z", .earning, 300),  // the issue day: year to date only
            try entry("p1", "2026-09-02T10:00:00Z", .payout, -100, status: .paid),  // 90 days before: outside
            try entry("p2", "2026-09-03T10:00:00Z", .payout, -200, status: .paid),
            try entry("p3", "2026-11-03T10:00:00Z", .payout, -400, status: .pending),
            try entry("e5", "2026-12-01T13:00:00Z", .earning, 9_999),  // after the issue instant
        ]
        let letter = try IncomeLetter(
            payee: payee, entries: entries, zone: .utc, issuedAt: try #require(RFC3339.parse("2026-12-01T12:00:00Z")))
        let part = try #require(letter.currencies.first)
        #expect(part.months.map(\.label).first == "2025-12")
        #expect(part.months.first?.amounts == IncomeLetter.Amounts(gross: 1_500, net: 1_500))
        #expect(part.months.last?.amounts == IncomeLetter.Amounts(gross: 700, net: 700))
        #expect(part.yearToDate == IncomeLetter.Amounts(gross: 1_000, net: 1_000))
        #expect(part.weeklyNet.map(\.total) == [700, 700])
        #expect(part.weeklyNet.map(\.average) == [175, 58])
        #expect(part.weeklyNet.map(\.lastWeek) == ["2026-W48", "2026-W48"])
        #expect(part.weeklyNet.map(\.firstWeek) == ["2026-W45", "2026-W37"])
        #expect(letter.payoutsFrom.description == "2026-09-03")
        #expect(part.payouts.map(\.id) == ["p2"])
        #expect(part.payoutsTotal == 200)
    }
}
