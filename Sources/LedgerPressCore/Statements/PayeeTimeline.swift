/// A payee's entries in statement order: by business day in the payee's zone (``BusinessCalendar``), then
/// instant, then entry id.
///
/// > Note: business days are kept as day numbers (days since 1970-01-01 of their label date), which order
/// > like the dates; periods are half-open `[start, end)` in those days.
struct PayeeTimeline {
    let entries: [LedgerEntry]
    /// Entry indices in statement order.
    let order: [Int]
    /// The business day of each entry, by entry index.
    let days: [Int]
    /// The UTC offset of the payee's zone at each entry, by entry index.
    let offsets: [Int]
    /// Each entry's instant, by entry index (sort keys read without touching the entries).
    let instants: [Timestamp]
    /// `days` in statement order (what periods are searched in).
    let sortedDays: [Int]
    /// `latestBefore[i]`: the entry index of the latest instant among the first `i` positions (-1 for none);
    /// of equal instants, the earliest position wins.
    let latestBefore: [Int]

    /// The rule the days come from (and the weeks' first day).
    let calendar: BusinessCalendar

    init(entries: [LedgerEntry], zone: ZoneClock) {
        self.init(entries: entries, calendar: BusinessCalendar(zone: zone))
    }

    init(entries: [LedgerEntry], calendar: BusinessCalendar) {
        self.entries = entries
        self.calendar = calendar
        let zone = calendar.zone
        var days: [Int] = []
        var offsets: [Int] = []
        let instants = entries.map(\.occurredAt)
        days.reserveCapacity(entries.count)
        offsets.reserveCapacity(entries.count)
        for instant in instants {
            let offset = zone.offset(at: instant.epochSeconds)
            days.append(calendar.dayNumber(of: instant.epochSeconds, offset: offset))
            offsets.append(offset)
        }
        // The same comparisons, over the same starting order, as sorting the entries themselves.
        let order = Array(entries.indices).sorted { a, b in
            if days[a] != days[b] { return days[a] < days[b] }
            if instants[a] != instants[b] { return instants[a] < instants[b] }
            return entries[a].idPrecedes(entries[b])
        }
        var latestBefore: [Int] = [-1]
        latestBefore.reserveCapacity(order.count + 1)
        for index in order {
            let best = latestBefore[latestBefore.count - 1]
            latestBefore.append(best < 0 || instants[best] < instants[index] ? index : best)
        }
        self.order = order
        self.days = days
        self.offsets = offsets
        self.instants = instants
        self.sortedDays = order.map { days[$0] }
        self.latestBefore = latestBefore
    }

    /// How many positions have a local day before `day`.
    func position(before day: Int) -> Int { Self.lowerBound(sortedDays, day) }

    /// The first index of the sorted `days` whose day is not before `day`.
    static func lowerBound(_ days: [Int], _ day: Int) -> Int {
        var lo = 0
        var hi = days.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if days[mid] < day { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// Every period of the selected kinds that holds at least one entry, oldest first.
    func periods(_ selection: PeriodSelection) -> [Period] {
        var result = Set<Period>()
        for kind in selection.kinds {
            var current: (start: Int, end: Int)?
            for day in sortedDays where current.map({ !($0.start <= day && day < $0.end) }) ?? true {
                let period = calendar.period(containing: CivilDate(daysSinceEpoch: day), kind: kind)
                result.insert(period)
                current = (period.start.daysSinceEpoch, period.end.daysSinceEpoch)
            }
        }
        for range in selection.ranges {
            let i = position(before: range.start.daysSinceEpoch)
            if i < sortedDays.count, sortedDays[i] < range.end.daysSinceEpoch { result.insert(range) }
        }
        return result.sorted()
    }
}
