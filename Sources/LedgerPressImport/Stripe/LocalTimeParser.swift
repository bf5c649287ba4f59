import LedgerPressCore

/// Timestamps as exports write them without an offset: `2026-09-14 10:02:11`, `2026-04-23 21:56`,
/// and month-first `8/6/2026 12:00` or `9/23/25 9:45` (a US spreadsheet's re-save); RFC 3339 with an offset is also read.
/// The year must be in ``CivilDate/supportedYears``.
enum LocalTimeParser {
    /// The timestamp, or nil after telling `problem` what was expected (`expected`, or the year range).
    static func timestamp(_ text: String, zone: ZoneClock, expected: String, problem: (String) -> Void) -> Timestamp? {
        switch parse(text, zone: zone) {
        case .success(let time): return time
        case .failure(.yearOutOfRange): problem(CivilDate.supportedYearsText)
        case .failure(.malformed): problem(expected)
        }
        return nil
    }

    static func parse(_ text: String, zone: ZoneClock) -> Result<Timestamp, TimestampFailure> {
        let exact = RFC3339.read(text)
        if case .failure(.malformed) = exact {} else { return exact }
        let parts = text.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 2 || parts.count == 1 else { return .failure(.malformed) }
        var date: CivilDate?
        if parts[0].contains("/") {
            let numbers = parts[0].split(separator: "/").map { Int($0) }
            // A spreadsheet's re-save writes the year with four digits, or two (`9/23/25`: 2025).
            if numbers.count == 3, let m = numbers[0], let d = numbers[1], let y = numbers[2],
                y >= 1000 || parts[0].split(separator: "/")[2].count == 2
            {
                date = CivilDate(year: y < 100 ? 2000 + y : y, month: m, day: d)
            }
        } else {
            date = CivilDate(iso: String(parts[0]))
        }
        guard let date else { return .failure(.malformed) }
        if let failure = TimestampFailure.checkYear(date.year) { return .failure(failure) }
        var seconds = 0
        if parts.count == 2 {
            // Every field a number: `21::56` and `21:56:` are not times.
            let fields = parts[1].split(separator: ":", omittingEmptySubsequences: false)
            let clock = fields.compactMap { Int($0) }
            guard clock.count == fields.count, clock.count == 2 || clock.count == 3 else { return .failure(.malformed) }
            let h = clock[0], m = clock[1], s = clock.count == 3 ? clock[2] : 0
            guard (0..<24).contains(h), (0..<60).contains(m), (0..<60).contains(s) else { return .failure(.malformed) }
            seconds = h * 3600 + m * 60 + s
        }
        let instant = zone.instant(of: date, secondOfDay: seconds)
        return .success(Timestamp(epochSeconds: instant, offsetSeconds: Int32(zone.offset(at: instant))))
    }
}
