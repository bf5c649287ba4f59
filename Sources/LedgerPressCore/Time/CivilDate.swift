/// A calendar date with no time zone (proleptic Gregorian), e.g. 2026-10-14.
///
/// Conversions use day counts from 1970-01-01, so date arithmetic never touches Foundation.
public struct CivilDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// The years a date read from input may have: 1900 to 2199. Anything else is refused where it is read
    /// (`0000` is a typo, not a date to publish a statement for).
    public static let supportedYears = 1900...2199

    /// `a year from 1900 to 2199`: what a message about an out-of-range year expects.
    public static let supportedYearsText = "a year from 1900 to 2199"

    /// A valid date, or nil (2026-02-30 is nil).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= CivilDate.daysIn(month: month, year: year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    init(unchecked year: Int, _ month: Int, _ day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD` exactly.
    public init?(iso text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let y = CivilDate.digits(bytes, 0, 4), let m = CivilDate.digits(bytes, 5, 2),
            let d = CivilDate.digits(bytes, 8, 2)
        else { return nil }
        self.init(year: y, month: m, day: d)
    }

    static func digits(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Int? {
        var value = 0
        for i in start..<(start + count) {
            let b = bytes[i]
            guard b >= 48, b <= 57 else { return nil }
            value = value * 10 + Int(b - 48)
        }
        return value
    }

    public static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 (negative before).
    public var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    public init(daysSinceEpoch days: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.init(unchecked: yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    public func adding(days: Int) -> CivilDate { CivilDate(daysSinceEpoch: daysSinceEpoch + days) }

    /// ISO weekday: Monday 1 ... Sunday 7.
    public var isoWeekday: Int {
        let d = daysSinceEpoch  // 1970-01-01 was a Thursday (4)
        return ((d % 7 + 7) % 7 + 3) % 7 + 1
    }

    /// The first day of the month.
    public var startOfMonth: CivilDate { CivilDate(unchecked: year, month, 1) }

    /// The first day of the next month.
    public var startOfNextMonth: CivilDate {
        month == 12 ? CivilDate(unchecked: year + 1, 1, 1) : CivilDate(unchecked: year, month + 1, 1)
    }

    /// The ISO week-year and week number (Monday start; the week with the year's first Thursday is 1).
    public var isoWeek: (year: Int, week: Int) {
        let thursday = adding(days: 4 - isoWeekday)
        let jan1 = CivilDate(unchecked: thursday.year, 1, 1)
        return (thursday.year, (thursday.daysSinceEpoch - jan1.daysSinceEpoch) / 7 + 1)
    }

    /// The Monday that starts this date's ISO week.
    public var startOfISOWeek: CivilDate { adding(days: 1 - isoWeekday) }

    public var description: String {
        guard (0...9999).contains(year) else {
            return CivilDate.pad(year, 4) + "-" + CivilDate.pad(month, 2) + "-" + CivilDate.pad(day, 2)
        }
        return String(unsafeUninitializedCapacity: 10) { out in
            writeISO(into: out)
            return 10
        }
    }

    /// Writes `YYYY-MM-DD` into the first 10 bytes (the year from 0 to 9999).
    func writeISO(into out: UnsafeMutableBufferPointer<UInt8>) {
        CivilDate.write2(year / 100, out, at: 0)
        CivilDate.write2(year % 100, out, at: 2)
        out[4] = UInt8(ascii: "-")
        CivilDate.write2(month, out, at: 5)
        out[7] = UInt8(ascii: "-")
        CivilDate.write2(day, out, at: 8)
    }

    /// Writes `value` (0 to 99) as two digits.
    static func write2(_ value: Int, _ out: UnsafeMutableBufferPointer<UInt8>, at index: Int) {
        out[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value / 10)
        out[index + 1] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value % 10)
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }

    public static func < (a: CivilDate, b: CivilDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }
}
