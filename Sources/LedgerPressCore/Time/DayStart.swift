/// The local wall time at which a payee's business day starts: `00:00` (midnight, the default) to `23:59`.
///
/// > Note: a day labelled `2026-10-14` with a `04:00` start covers 04:00 on the 14th up to 04:00 on the 15th,
/// > local time (``BusinessCalendar``).
public struct DayStart: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Minutes after local midnight, 0 to 1439.
    public let minutes: Int

    /// Midnight: the calendar day (the default).
    public static let midnight = DayStart(unchecked: 0)

    /// What a message about a bad day start expects.
    public static let expected = "a local time HH:MM from 00:00 to 23:59, such as 04:00"

    init(unchecked minutes: Int) { self.minutes = minutes }

    /// A day start `minutes` after midnight; nil outside 0 to 1439.
    public init?(minutes: Int) {
        guard (0..<1440).contains(minutes) else { return nil }
        self.minutes = minutes
    }

    /// Parses `HH:MM` exactly: two digits each, 24-hour (`04:00`, `23:59`); nil for anything else (`4:00`, `24:00`).
    public init?(parsing text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 5, bytes[2] == UInt8(ascii: ":"), let hour = CivilDate.digits(bytes, 0, 2),
            let minute = CivilDate.digits(bytes, 3, 2), hour < 24, minute < 60
        else { return nil }
        self.minutes = hour * 60 + minute
    }

    /// Seconds after local midnight.
    public var secondOfDay: Int { minutes * 60 }

    public var isMidnight: Bool { minutes == 0 }

    /// `04:00`.
    public var description: String { CivilDate.pad(minutes / 60, 2) + ":" + CivilDate.pad(minutes % 60, 2) }

    public static func < (a: DayStart, b: DayStart) -> Bool { a.minutes < b.minutes }
}
