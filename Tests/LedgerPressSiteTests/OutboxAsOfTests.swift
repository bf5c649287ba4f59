import Foundation
import LedgerPressCore
import LedgerPressSite
import Testing

@testable import LedgerPressSample

/// The outbox's `Date` is each statement's own as-of time: ``OutboxAsOf`` agrees with ``StatementBuilder`` on
/// random ledgers in zones with DST, day starts other than midnight and weeks from any weekday.
@Suite struct OutboxAsOfTests {
    @Test(arguments: [UInt64(11), 12, 13, 14])
    func everyStatementsAsOfIsFound(seed: UInt64) throws {
        var random = SplitMix64(seed: seed &* 0x2545_F491_4F6C_DD1D)
        var checked = 0
        for round in 0..<10 {
            let testCase = try BusinessDayAgreementTests.makeCase(&random, round: round)
            let book = try StatementBuilder(selection: PeriodSelection(kinds: PeriodKind.calendarKinds)).book(
                for: testCase.payee, entries: testCase.entries, zone: testCase.zone)
            let asOf = OutboxAsOf(payee: testCase.payee, entries: testCase.entries)
            for statement in book.statements {
                let found = asOf.asOf(before: statement.period.end.daysSinceEpoch)
                #expect(found?.epochSeconds == statement.asOf.epochSeconds, "\(statement.period.label)")
                #expect(found?.offsetSeconds == statement.asOfOffset, "\(statement.period.label)")
                checked += 1
            }
        }
        #expect(checked > 100)
    }
}
