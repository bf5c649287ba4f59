import Foundation
import Synchronization

/// A payee's IANA time zone: the UTC offset at an instant, and the instant of a local wall time.
///
/// > Note: built from an explicit identifier; never the host's zone. Which business day an instant belongs to,
/// > and when a day starts, is ``BusinessCalendar``'s one rule, made from this zone.
public struct ZoneClock: Sendable {
    public let identifier: String
    let zone: TimeZone

    /// nil when the identifier is not a known IANA zone.
    public init?(identifier: String) {
        guard !identifier.isEmpty, let zone = TimeZone(identifier: identifier) else { return nil }
        self.init(zone: zone, identifier: identifier)
    }

    init(zone: TimeZone, identifier: String) {
        self.identifier = identifier
        self.zone = zone
    }

    /// UTC, built without a look-up that could fail.
    public static let utc = ZoneClock(zone: .gmt, identifier: "UTC")

    /// Seconds east of UTC at that instant.
    public func offset(at epochSeconds: Int64) -> Int {
        zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(epochSeconds)))
    }

    /// Local text with a numeric offset: `2026-11-01T01:30:00-05:00`.
    public func localText(_ timestamp: Timestamp) -> String {
        Timestamp.format(epochSeconds: timestamp.epochSeconds, offsetSeconds: offset(at: timestamp.epochSeconds))
    }
}

extension ZoneClock {
    /// The instant of a local wall-clock time (seconds since local midnight of `date`); in a DST gap
    /// the time is read with the offset before the gap, in a repeated hour the first occurrence wins.
    public func instant(of date: CivilDate, secondOfDay: Int) -> Int64 {
        resolve(date, secondOfDay: secondOfDay).instant
    }

    /// How a local wall-clock time is read: shown once, skipped (a DST gap: no instant shows it) or repeated
    /// (clocks going back: two instants show it).
    public enum WallTime: Sendable, Equatable {
        case once, skipped, repeated
    }

    /// ``instant(of:secondOfDay:)``, and whether the wall time was shown once, skipped or repeated.
    public func resolve(_ date: CivilDate, secondOfDay: Int) -> (instant: Int64, wallTime: WallTime) {
        let local = Int64(date.daysSinceEpoch) * 86_400 + Int64(secondOfDay)
        let early = local - Int64(offset(at: local - 86_400))
        let late = local - Int64(offset(at: local + 86_400))
        // No collection: this runs for every period boundary and every local time an importer reads.
        let (first, second) = (min(early, late), max(early, late))
        let firstShows = first + Int64(offset(at: first)) == local
        let secondShows = second != first && second + Int64(offset(at: second)) == local
        if firstShows { return (first, secondShows ? .repeated : .once) }
        if secondShows { return (second, .once) }
        return (early, .skipped)
    }
}

extension ZoneClock {
    /// The instants whose local wall time the zone shows twice (the hour repeated when clocks go back) that
    /// fall between `start` and `end`, as half-open ranges of instants, in order.
    ///
    /// > Note: each zone's repeated hours over the supported years are found once (a few hundred
    /// > transitions, looked up through Foundation) and kept for the process; a statement then only
    /// > searches them.
    public static func repeatedWallTimes(zone identifier: String, from start: Int64, through end: Int64) -> [Range<
        Int64
    >] {
        let all = RepeatedHours.shared.ranges(for: identifier)
        var low = 0
        var high = all.count
        while low < high {
            let middle = (low + high) / 2
            if all[middle].upperBound <= start { low = middle + 1 } else { high = middle }
        }
        var found: [Range<Int64>] = []
        var index = low
        while index < all.count, all[index].lowerBound <= end {
            found.append(all[index])
            index += 1
        }
        return found
    }
}

/// Every zone's repeated hours, found once per zone.
final class RepeatedHours: Sendable {
    static let shared = RepeatedHours()
    private let byZone = Mutex<[String: [Range<Int64>]]>([:])

    func ranges(for identifier: String) -> [Range<Int64>] {
        byZone.withLock { byZone in
            if let known = byZone[identifier] { return known }
            let found = RepeatedHours.find(identifier)
            byZone[identifier] = found
            return found
        }
    }

    /// Backward transitions from 1900 to 2200 (``CivilDate/supportedYears``).
    static func find(_ identifier: String) -> [Range<Int64>] {
        guard let zone = TimeZone(identifier: identifier) else { return [] }
        var ranges: [Range<Int64>] = []
        var cursor = Date(timeIntervalSince1970: -2_208_988_800)  // 1900-01-01
        let last = Date(timeIntervalSince1970: 7_258_118_400)  // 2200-01-01
        while let transition = zone.nextDaylightSavingTimeTransition(after: cursor), transition < last {
            let at = Int64(transition.timeIntervalSince1970.rounded())
            let before = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(at - 1)))
            let after = zone.secondsFromGMT(for: transition)
            if before > after { ranges.append((at - Int64(before - after))..<(at + Int64(before - after))) }
            cursor = transition
        }
        return ranges
    }
}
