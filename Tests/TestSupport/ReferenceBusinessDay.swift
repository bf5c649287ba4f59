import LedgerPressCore

/// Business days by their definition, written apart from `BusinessCalendar` for tests to compare with.
///
/// An instant belongs to the latest day whose start the payee's clock has reached by then, and the clock has
/// reached the latest wall time it has shown so far: after the clocks go back, the day does not go back with
/// them (a repeated hour belongs to the day its first occurrence starts), and after they jump forward the day
/// starts at the first instant past the gap. Brute force on UTC offsets only.
public enum ReferenceBusinessDay {
    /// The latest local wall time (seconds since 1970-01-01 local) the zone has shown at or before `t`.
    public static func latestWall(_ t: Int64, _ zone: ZoneClock) -> Int64 {
        var best = t + Int64(zone.offset(at: t))
        // The wall time only goes back where the offset drops: look for drops hour by hour over the day before,
        // and take the wall time of the last second before each.
        var later = t
        var laterOffset = zone.offset(at: t)
        for _ in 0..<27 {
            let earlier = later - 3_600
            let earlierOffset = zone.offset(at: earlier)
            if earlierOffset > laterOffset {
                var low = earlier
                var high = later
                while high - low > 1 {
                    let middle = low + (high - low) / 2
                    if zone.offset(at: middle) == earlierOffset { low = middle } else { high = middle }
                }
                best = max(best, low + Int64(zone.offset(at: low)))
            }
            later = earlier
            laterOffset = earlierOffset
        }
        return best
    }

    /// The business day of `t` with the day starting at `dayStart`.
    public static func day(_ t: Int64, zone: ZoneClock, dayStart: DayStart = .midnight) -> CivilDate {
        let local = latestWall(t, zone) - Int64(dayStart.secondOfDay)
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        return CivilDate(daysSinceEpoch: Int(days))
    }

    /// The first instant of the business day `date`: found by bisection, as days never go back.
    public static func start(of date: CivilDate, zone: ZoneClock, dayStart: DayStart = .midnight) -> Int64 {
        let guess = Int64(date.daysSinceEpoch) * 86_400 + Int64(dayStart.secondOfDay)
        var low = guess - 2 * 86_400  // before the day
        var high = guess + 2 * 86_400  // in it or after
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if day(middle, zone: zone, dayStart: dayStart) >= date { high = middle } else { low = middle }
        }
        return high
    }
}
