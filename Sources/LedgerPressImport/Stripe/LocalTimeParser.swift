import LedgerPressCore

/// Timestamps as exports write them without an offset: `2026-09-14 10:02:11`, `2026-04-23 21:56`,
/// month-first `8/6/2026 12:00` or `9/23/25 9:45` (a US spreadsheet's re-save) and day-first `23.09.2026 09:45` (a
/// European one's); RFC 3339 with an offset is also read.
/// The year must be in ``CivilDate/supportedYears``.
enum LocalTimeParser {
    /// The timestamp, or nil after telling `problem` what was expected (`expected`, or the year range). A local
    /// time in a DST gap or a repeated hour is read (as ``ZoneClock/instant(of:secondOfDay:)`` reads it) and
    /// told to `warning`, as the "expected ..." of a warning.
    static func timestamp(
        _ text: String, zone: ZoneClock, expected: String, warning: (String) -> Void = { _ in },
        problem: (String) -> Void
    ) -> Timestamp? {
        switch read(text, zone: zone) {
        case .success(let reading):
            if let words = words(reading.wallTime, reading.time, wall: reading.wall, zone: zone) { warning(words) }
            return reading.time
        case .failure(.yearOutOfRange): problem(CivilDate.supportedYearsText)
        case .failure(.leapSecond): problem(TimestampFailure.leapSecondText)
        case .failure(.malformed): problem(expected)
        }
        return nil
    }

    /// What a warning says of a local time that was not shown exactly once (`wall`: that time, as read).
    static func words(_ wallTime: ZoneClock.WallTime, _ time: Timestamp, wall: String, zone: ZoneClock) -> String? {
        let read = zone.localText(time)
        switch wallTime {
        case .once: return nil
        case .repeated:
            return "a local time that occurs once in \(zone.identifier) (\(wall) occurs twice as the clocks go back; "
                + "read as the first, \(read))"
        case .skipped:
            return "a local time that exists in \(zone.identifier) (\(wall) is skipped as the clocks go forward; "
                + "read with the offset before the gap, \(read))"
        }
    }

    static func parse(_ text: String, zone: ZoneClock) -> Result<Timestamp, TimestampFailure> {
        read(text, zone: zone).map(\.time)
    }

    /// A time read, with how its wall time maps to instants and that wall time as `2026-11-01 01:30:00`.
    struct Reading {
        var time: Timestamp
        var wallTime: ZoneClock.WallTime
        var wall: String
    }

    static func read(_ text: String, zone: ZoneClock) -> Result<Reading, TimestampFailure> {
        let exact = RFC3339.read(text)
        if case .failure(.malformed) = exact {
        } else {
            return exact.map { Reading(time: $0, wallTime: .once, wall: text) }
        }
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
        } else if parts[0].contains(".") {
            // A European spreadsheet's re-save writes the day first, with dots and a four-digit year (`01.10.2026`):
            // never month first, so never ambiguous.
            let numbers = parts[0].split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
            if numbers.count == 3, let d = numbers[0], let m = numbers[1], let y = numbers[2],
                parts[0].split(separator: ".")[2].count == 4
            {
                date = CivilDate(year: y, month: m, day: d)
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
            guard (0..<24).contains(h), (0..<60).contains(m), (0...60).contains(s) else { return .failure(.malformed) }
            if s == 60 { return .failure(.leapSecond) }
            seconds = h * 3600 + m * 60 + s
        }
        let (instant, wallTime) = zone.resolve(date, secondOfDay: seconds)
        let wall =
            "\(date) "
            + [seconds / 3600, seconds / 60 % 60, seconds % 60].map { $0 < 10 ? "0\($0)" : "\($0)" }
            .joined(separator: ":")
        return .success(
            Reading(
                time: Timestamp(epochSeconds: instant, offsetSeconds: Int32(zone.offset(at: instant))),
                wallTime: wallTime, wall: wall))
    }
}
