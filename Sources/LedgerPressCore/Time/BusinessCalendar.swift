/// The one rule for local time: which business day of a payee an instant belongs to, and when a business day starts.
///
/// Statements, the home's payout split and the charts all take an entry's day from ``day(of:offset:)``
/// (through the statement builder, which records it on every line and payout); `--range` and the period
/// kinds are made of these days.
///
/// > Note: the business day labelled D starts at ``start(of:)`` D, the instant the payee's clock first
/// > shows D at the day start, and ends where D + 1 starts: half-open intervals that never overlap or
/// > leave a gap. A day start inside a skipped hour (clocks going forward) is the first instant after the
/// > gap; a day start inside a repeated hour (clocks going back) is its first occurrence, and the rest of the
/// > repeated hour belongs to the day it started. With the default `00:00` start a business day is the
/// > local calendar date. Never the host's zone.
public struct BusinessCalendar: Sendable {
    public let zone: ZoneClock
    public let dayStart: DayStart
    public let weekStart: Weekday
    /// The zone's repeated hours (both occurrences), in order: the only instants where a wall time
    /// alone can name the wrong day.
    let repeated: [Range<Int64>]

    public init(zone: ZoneClock, dayStart: DayStart = .midnight, weekStart: Weekday = .monday) {
        self.zone = zone
        self.dayStart = dayStart
        self.weekStart = weekStart
        repeated = ZoneClock.repeatedWallTimes(zone: zone.identifier, from: Int64.min, through: Int64.max)
    }

    /// The business day of an instant.
    public func day(of epochSeconds: Int64) -> CivilDate {
        CivilDate(daysSinceEpoch: dayNumber(of: epochSeconds, offset: zone.offset(at: epochSeconds)))
    }

    /// The business day of an instant whose UTC offset in this zone is already known, in days since 1970-01-01:
    /// the day D with `start(of: D) <= epochSeconds < start(of: D + 1)`.
    public func dayNumber(of epochSeconds: Int64, offset: Int) -> Int {
        // The wall time less the day start, floored to days; exact except in the second occurrence of a
        // repeated hour, where the next day may already have started at its first occurrence.
        let (local, overflow) = epochSeconds.addingReportingOverflow(Int64(offset - dayStart.secondOfDay))
        guard !overflow else { return epochSeconds < 0 ? Int.min / 2 : Int.max / 2 }
        let remainder = local % 86_400
        let day = Int(local / 86_400 - (remainder < 0 ? 1 : 0))
        if inSecondOccurrence(epochSeconds), start(of: day + 1) <= epochSeconds { return day + 1 }
        return day
    }

    /// The first instant of the business day `day` (days since 1970-01-01).
    public func start(of day: Int) -> Int64 {
        let date = CivilDate(daysSinceEpoch: day)
        let local = Int64(day) * 86_400 + Int64(dayStart.secondOfDay)
        let (instant, wallTime) = zone.resolve(date, secondOfDay: dayStart.secondOfDay)
        guard wallTime == .skipped else { return instant }
        // The first instant whose wall time is past the gap: the earliest `x` with `x + offset(x) >= local`.
        var low = instant - 86_400
        var high = instant
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if middle + Int64(zone.offset(at: middle)) >= local { high = middle } else { low = middle }
        }
        return high
    }

    /// The first instant of the business day `date`.
    public func start(of date: CivilDate) -> Int64 { start(of: date.daysSinceEpoch) }

    /// The first day of the week (starting on ``weekStart``) that holds `date`.
    public func startOfWeek(_ date: CivilDate) -> CivilDate {
        date.adding(days: -((date.isoWeekday - weekStart.isoNumber + 7) % 7))
    }

    /// The period of `kind` that holds the business day `date`, weeks starting on ``weekStart``.
    public func period(containing date: CivilDate, kind: PeriodKind) -> Period {
        Period.containing(date, kind: kind, weekStart: weekStart)
    }

    /// Whether the instant is in the second occurrence of a repeated hour.
    func inSecondOccurrence(_ instant: Int64) -> Bool {
        guard !repeated.isEmpty else { return false }
        var low = 0
        var high = repeated.count
        while low < high {
            let middle = (low + high) / 2
            if repeated[middle].upperBound <= instant { low = middle + 1 } else { high = middle }
        }
        guard low < repeated.count else { return false }
        let range = repeated[low]
        // A range holds both occurrences: the transition (the second occurrence's start) is its middle.
        return instant >= range.lowerBound + (range.upperBound - range.lowerBound) / 2
    }
}
