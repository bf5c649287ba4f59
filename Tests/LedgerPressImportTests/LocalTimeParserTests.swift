import LedgerPressCore
import Testing

@testable import LedgerPressImport

/// Export timestamps without an offset: every clock field must be a number.
@Suite struct LocalTimeParserTests {
    @Test(arguments: [
        ("2026-09-14 10:02:11", "2026-09-14T10:02:11+00:00"),
        ("2026-04-23 21:56", "2026-04-23T21:56:00+00:00"),
        ("8/6/2026 12:00", "2026-08-06T12:00:00+00:00"),
        ("2026-04-23", "2026-04-23T00:00:00+00:00"),
        ("01.10.2026 08:14:09", "2026-10-01T08:14:09+00:00"),
        ("23.9.2026 9:45", "2026-09-23T09:45:00+00:00"),
    ]) func readsExportTimes(_ text: String, _ utc: String) throws {
        let parsed = try LocalTimeParser.parse(text, zone: .utc).get()
        #expect(Timestamp.format(epochSeconds: parsed.epochSeconds, offsetSeconds: 0) == utc)
    }

    @Test(arguments: [
        "2026-04-23 21::56", "2026-04-23 21:56:", "2026-04-23 :56", "2026-04-23 :", "2026-04-23 24:00",
        "2026-04-23 21:5x", "2026-04-23 1:2:3:4", "", "   ", "01.10.26 08:00", "31.02.2026 08:00", "1..2026 08:00",
    ])
    func refusesWhatIsNotATime(_ text: String) {
        #expect((try? LocalTimeParser.parse(text, zone: .utc).get()) == nil)
    }
}
