/// An instant as whole seconds since 1970-01-01T00:00:00Z, with the UTC offset it was written in.
///
/// > Note: fractions of a second are kept in `nanoseconds` for ordering but never printed.
public struct Timestamp: Sendable, Hashable, Comparable, Codable {
    public let epochSeconds: Int64
    public let nanoseconds: Int32
    /// The offset from UTC (seconds) written in the source text.
    public let offsetSeconds: Int32

    public init(epochSeconds: Int64, nanoseconds: Int32 = 0, offsetSeconds: Int32 = 0) {
        self.epochSeconds = epochSeconds
        self.nanoseconds = nanoseconds
        self.offsetSeconds = offsetSeconds
    }

    /// Same instant (offset ignored).
    public func sameInstant(as other: Timestamp) -> Bool {
        epochSeconds == other.epochSeconds && nanoseconds == other.nanoseconds
    }

    public static func < (a: Timestamp, b: Timestamp) -> Bool {
        (a.epochSeconds, a.nanoseconds) < (b.epochSeconds, b.nanoseconds)
    }

    public static func == (a: Timestamp, b: Timestamp) -> Bool { a.sameInstant(as: b) }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(epochSeconds)
        hasher.combine(nanoseconds)
    }

    /// Local text with a numeric offset and no fractions: `2026-11-01T01:30:00-05:00` (UTC as `+00:00`).
    ///
    /// Total for every `Int64` (`SOURCE_DATE_EPOCH` may hold anything): the local time saturates at the ends.
    public static func format(epochSeconds: Int64, offsetSeconds: Int) -> String {
        let (date, secondOfDay, offset) = localParts(epochSeconds: epochSeconds, offsetSeconds: offsetSeconds)
        let sign = offsetSeconds < 0 ? "-" : "+"
        if (0...9999).contains(date.year), offset / 3600 <= 99 {
            // The usual case, written as its 25 bytes.
            return String(unsafeUninitializedCapacity: 25) { out in
                write(date, secondOfDay, offset, negative: offsetSeconds < 0, into: out)
                return 25
            }
        }
        return "\(date)T\(CivilDate.pad(secondOfDay / 3600, 2)):\(CivilDate.pad(secondOfDay / 60 % 60, 2)):"
            + "\(CivilDate.pad(secondOfDay % 60, 2))\(sign)\(CivilDate.pad(offset / 3600, 2)):\(CivilDate.pad(offset / 60 % 60, 2))"
    }

    /// ``format(epochSeconds:offsetSeconds:)`` appended to `bytes`: the same text, without a `String` of its own.
    public static func append(epochSeconds: Int64, offsetSeconds: Int, to bytes: inout [UInt8]) {
        let (date, secondOfDay, offset) = localParts(epochSeconds: epochSeconds, offsetSeconds: offsetSeconds)
        guard (0...9999).contains(date.year), offset / 3600 <= 99 else {
            bytes.append(utf8: format(epochSeconds: epochSeconds, offsetSeconds: offsetSeconds))
            return
        }
        bytes.append(count: 25) { write(date, secondOfDay, offset, negative: offsetSeconds < 0, into: $0) }
    }

    /// The local date, the second of that day and the offset's magnitude, saturating at the ends of `Int64`.
    private static func localParts(epochSeconds: Int64, offsetSeconds: Int) -> (CivilDate, Int, Int) {
        let (sum, overflow) = epochSeconds.addingReportingOverflow(Int64(clamping: offsetSeconds))
        let local = overflow ? (offsetSeconds < 0 ? Int64.min : Int64.max) : sum
        // Floor division without forming `local - 86_399` (which overflows near Int64.min).
        let remainder = local % 86_400
        let secondOfDay = Int(remainder < 0 ? remainder + 86_400 : remainder)
        let days = Int(local / 86_400 - (remainder < 0 ? 1 : 0))
        return (CivilDate(daysSinceEpoch: days), secondOfDay, Int(clamping: offsetSeconds.magnitude))
    }

    /// The 25 bytes of the usual case (a year of four digits, an offset under 100 hours).
    private static func write(
        _ date: CivilDate, _ secondOfDay: Int, _ offset: Int, negative: Bool,
        into out: UnsafeMutableBufferPointer<UInt8>
    ) {
        date.writeISO(into: out)
        out[10] = UInt8(ascii: "T")
        CivilDate.write2(secondOfDay / 3600, out, at: 11)
        out[13] = UInt8(ascii: ":")
        CivilDate.write2(secondOfDay / 60 % 60, out, at: 14)
        out[16] = UInt8(ascii: ":")
        CivilDate.write2(secondOfDay % 60, out, at: 17)
        out[19] = negative ? UInt8(ascii: "-") : UInt8(ascii: "+")
        CivilDate.write2(offset / 3600, out, at: 20)
        out[22] = UInt8(ascii: ":")
        CivilDate.write2(offset / 60 % 60, out, at: 23)
    }
}

/// Why a time read from input was refused.
public enum TimestampFailure: Error, Sendable, Equatable {
    /// Not a time in the expected form (or not a real date or time).
    case malformed
    /// Well formed, but the year (as written) is outside ``CivilDate/supportedYears``.
    case yearOutOfRange(Int)
    /// A real time but for its second 60 (`2016-12-31T23:59:60Z`): leap seconds are not supported.
    case leapSecond

    /// The "expected ..." of a message about a leap second.
    public static let leapSecondText = "a time with seconds from 00 to 59 (leap seconds are not supported)"

    /// `.yearOutOfRange` unless `year` is in ``CivilDate/supportedYears``.
    public static func checkYear(_ year: Int) -> TimestampFailure? {
        CivilDate.supportedYears.contains(year) ? nil : .yearOutOfRange(year)
    }
}

/// Parses RFC 3339 timestamps byte by byte: `2026-10-03T14:22:05Z`, `2026-10-03T10:22:05.123-04:00`.
///
/// The offset is required (`Z`, `z` or `±hh:mm`); `T`, `t` or a space separates date and time;
/// the date must exist (2026-02-30 is rejected); a leap second `:60` is rejected as ``TimestampFailure/leapSecond``; the year must be
/// in ``CivilDate/supportedYears``.
public enum RFC3339 {
    /// The timestamp, or nil for malformed text and for years outside ``CivilDate/supportedYears``.
    public static func parse(_ text: String) -> Timestamp? {
        try? read(text).get()
    }

    public static func parse(bytes b: UnsafeBufferPointer<UInt8>) -> Timestamp? {
        try? read(bytes: b).get()
    }

    /// The timestamp, or why not: ``TimestampFailure/yearOutOfRange(_:)`` lets a message say the year is the problem.
    public static func read(_ text: String) -> Result<Timestamp, TimestampFailure> {
        var text = text
        return text.withUTF8 { read(bytes: $0) }
    }

    public static func read(bytes b: UnsafeBufferPointer<UInt8>) -> Result<Timestamp, TimestampFailure> {
        guard let timestamp = parseAnyYear(bytes: b) else {
            return .failure(isLeapSecond(b) ? .leapSecond : .malformed)
        }
        let year = (Int(b[0]) - 48) * 1000 + (Int(b[1]) - 48) * 100 + (Int(b[2]) - 48) * 10 + Int(b[3]) - 48
        if let failure = TimestampFailure.checkYear(year) { return .failure(failure) }
        return .success(timestamp)
    }

    /// Whether the text is a valid timestamp but for its second, 60.
    static func isLeapSecond(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard b.count >= 20, b[17] == UInt8(ascii: "6"), b[18] == UInt8(ascii: "0") else { return false }
        var copy = Array(b)
        copy[17] = UInt8(ascii: "5")
        copy[18] = UInt8(ascii: "9")
        return copy.withUnsafeBufferPointer { parseAnyYear(bytes: $0) } != nil
    }

    static func parseAnyYear(bytes b: UnsafeBufferPointer<UInt8>) -> Timestamp? {
        guard b.count >= 20 else { return nil }
        func num(_ start: Int, _ count: Int) -> Int? {
            var v = 0
            for i in start..<(start + count) {
                let c = b[i]
                guard c >= 48, c <= 57 else { return nil }
                v = v * 10 + Int(c - 48)
            }
            return v
        }
        guard b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"), b[13] == UInt8(ascii: ":"),
            b[16] == UInt8(ascii: ":"),
            b[10] == UInt8(ascii: "T") || b[10] == UInt8(ascii: "t") || b[10] == UInt8(ascii: " "),
            let year = num(0, 4), let month = num(5, 2), let day = num(8, 2),
            let hour = num(11, 2), let minute = num(14, 2), let second = num(17, 2),
            hour < 24, minute < 60, second < 60,
            let date = CivilDate(year: year, month: month, day: day)
        else { return nil }
        var i = 19
        var nanos = 0
        if b[i] == UInt8(ascii: ".") {
            i += 1
            var digits = 0
            while i < b.count, b[i] >= 48, b[i] <= 57 {
                if digits < 9 { nanos = nanos * 10 + Int(b[i] - 48) }
                digits += 1
                i += 1
            }
            guard digits > 0 else { return nil }
            for _ in min(digits, 9)..<9 { nanos *= 10 }
        }
        guard i < b.count else { return nil }
        var offset = 0
        if b[i] == UInt8(ascii: "Z") || b[i] == UInt8(ascii: "z") {
            i += 1
        } else if b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") {
            guard i + 6 == b.count, b[i + 3] == UInt8(ascii: ":"), let oh = num(i + 1, 2), let om = num(i + 4, 2),
                oh < 24, om < 60
            else { return nil }
            offset = (oh * 3600 + om * 60) * (b[i] == UInt8(ascii: "-") ? -1 : 1)
            i += 6
        } else {
            return nil
        }
        guard i == b.count else { return nil }
        let local = Int64(date.daysSinceEpoch) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        return Timestamp(epochSeconds: local - Int64(offset), nanoseconds: Int32(nanos), offsetSeconds: Int32(offset))
    }
}
