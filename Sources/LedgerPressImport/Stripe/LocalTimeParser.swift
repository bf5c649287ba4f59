import LedgerPressCore

/// Timestamps as exports write them without an offset: `2026-09-14 10:02:11`, `2026-04-23 21:56`,
/// and month-first `8/6/2026 12:00` (a US spreadsheet's re-save); RFC 3339 with an offset is also read.
enum LocalTimeParser {
    static func parse(_ text: String, zone: ZoneClock) -> Timestamp? {
        if let exact = RFC3339.parse(text) { return exact }
        let parts = text.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 2 || parts.count == 1 else { return nil }
        var date: CivilDate?
        if parts[0].contains("/") {
            let numbers = parts[0].split(separator: "/").map { Int($0) }
            if numbers.count == 3, let m = numbers[0], let d = numbers[1], let y = numbers[2], y >= 1000 {
                date = CivilDate(year: y, month: m, day: d)
            }
        } else {
            date = CivilDate(iso: String(parts[0]))
        }
        guard let date else { return nil }
        var seconds = 0
        if parts.count == 2 {
            // Every field a number: `21::56` and `21:56:` are not times.
            let fields = parts[1].split(separator: ":", omittingEmptySubsequences: false)
            let clock = fields.compactMap { Int($0) }
            guard clock.count == fields.count, clock.count == 2 || clock.count == 3 else { return nil }
            let h = clock[0], m = clock[1], s = clock.count == 3 ? clock[2] : 0
            guard (0..<24).contains(h), (0..<60).contains(m), (0..<60).contains(s) else { return nil }
            seconds = h * 3600 + m * 60 + s
        }
        let instant = zone.instant(of: date, secondOfDay: seconds)
        return Timestamp(epochSeconds: instant, offsetSeconds: Int32(zone.offset(at: instant)))
    }
}
