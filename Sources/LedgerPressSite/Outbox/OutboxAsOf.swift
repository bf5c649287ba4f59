import LedgerPressCore

/// A payee's statement as-of times for the outbox's `Date` header: for each business day with entries, the latest
/// entry time up to the end of that day, so that a statement's as-of ("the latest entry time of that payee up to
/// the period's end", as ``StatementBuilder`` computes it) is found from its period's end alone.
///
/// > Note: one element per business day with entries (not per entry), sorted by day.
public struct OutboxAsOf: Sendable, Equatable {
    struct Day: Sendable, Equatable {
        var day: Int
        var epochSeconds: Int64
        var offset: Int
    }

    private(set) var days: [Day] = []

    public init() {}

    /// From the payee's entries, with the payee's zone, day start and week start (``BusinessCalendar``).
    public init(payee: Payee, entries: [LedgerEntry]) {
        guard let zone = ZoneClock(identifier: payee.timeZone) else { return }
        let calendar = BusinessCalendar(zone: zone, dayStart: payee.dayStart, weekStart: payee.weekStart)
        var latest: [Int: (Int64, Int)] = [:]
        for entry in entries {
            let seconds = entry.occurredAt.epochSeconds
            let offset = zone.offset(at: seconds)
            let day = calendar.dayNumber(of: seconds, offset: offset)
            if let known = latest[day], known.0 >= seconds { continue }
            latest[day] = (seconds, offset)
        }
        var best: Day?
        for day in latest.keys.sorted() {
            guard let (seconds, offset) = latest[day] else { continue }
            if best == nil || seconds > best?.epochSeconds ?? .min {
                best = Day(day: day, epochSeconds: seconds, offset: offset)
            }
            if var running = best {
                running.day = day
                days.append(running)
            }
        }
    }

    /// The latest entry time (and the zone's offset then) of the business days before `endDay`, or nil for none.
    public func asOf(before endDay: Int) -> (epochSeconds: Int64, offsetSeconds: Int)? {
        var low = 0
        var high = days.count
        while low < high {
            let middle = (low + high) / 2
            if days[middle].day < endDay { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        return (days[low - 1].epochSeconds, days[low - 1].offset)
    }
}
