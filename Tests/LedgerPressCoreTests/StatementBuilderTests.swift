// swift-format-ignore-file: NeverForceUnwrap

import Testing

@testable import LedgerPressCore

@Suite struct StatementBuilderTests {
    typealias E = LedgerTests

    func book(
        _ entries: [LedgerEntry], zone: String = "America/New_York", selection: PeriodSelection = PeriodSelection()
    ) throws -> PayeeBook {
        let payee = Payee(id: "drv_1", type: .driver, name: "Ann", timeZone: zone, locale: "en_US")
        return try StatementBuilder(selection: selection).book(
            for: payee, entries: entries, zone: ZoneClock(identifier: zone)!)
    }

    @Test func groupsLinesByReferenceAndChainsBalances() throws {
        let b = try book([
            E.entry("t1", "2026-10-31T23:30:00-04:00", reference: "job_1"),
            E.entry("t1:fee", "2026-10-31T23:30:00-04:00", kind: .fee, cents: -250, reference: "job_1"),
            E.entry("t1:tip", "2026-11-01T00:10:00-04:00", kind: .tip, cents: 300, reference: "job_1"),
            E.entry("p1", "2026-11-02T09:00:00-05:00", kind: .payout, cents: -1_050, payout: "po_1", status: .paid),
        ])
        let october = try #require(b.statements.first { $0.period.label == "2026-10" })
        let november = try #require(b.statements.first { $0.period.label == "2026-11" })
        #expect(october.sections[0].figures.take == 750)
        #expect(october.sections[0].figures.closingBalance == 750)
        #expect(november.sections[0].figures.openingBalance == 750)
        #expect(november.sections[0].figures.tips == 300)
        #expect(november.sections[0].figures.closingBalance == 0)
        #expect(november.sections[0].payouts.map(\.status) == [.paid])
        #expect(october.sections[0].lines.count == 1)
        #expect(october.sections[0].lines[0].figures.entries == 2)
        #expect(november.sections[0].yearToDate?.take == 750)
        #expect(november.sections[0].yearToDate?.openingBalance == 0)
        // As of: the latest entry up to the period's end, never the wall clock.
        #expect(october.asOf == RFC3339.parse("2026-10-31T23:30:00-04:00")!)
        #expect(
            b.statements.map(\.period.label) == [
                "2026-10", "2026-W44", "2026-10-31", "2026-11-01", "2026-11", "2026-11-02", "2026-W45",
            ])
    }

    @Test func customRangesAreAddedOnlyWhenTheyHoldEntries() throws {
        let selection = PeriodSelection(
            kinds: [.month],
            ranges: [
                PeriodSelection.parseRange("2026-10-01..2026-10-15")!,
                PeriodSelection.parseRange("2026-12-01..2026-12-02")!,
            ])
        let b = try book([E.entry("t1", "2026-10-15T23:59:00-04:00")], selection: selection)
        #expect(b.statements.map(\.period.label) == ["2026-10-01_2026-10-15", "2026-10"])
    }
}
