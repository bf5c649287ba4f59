import LedgerPressCore

/// Parses a time by a simple pattern, the subset of Unicode date patterns exports need:
///
/// | token | reads |
/// |---|---|
/// | `yyyy` | a four-digit year (in ``CivilDate/supportedYears``) |
/// | `MM`/`M`, `MMM` | month number (two digits, or one or two); `MMM`: `Jan`...`Dec`, any case |
/// | `dd`/`d`, `HH`/`H`, `hh`/`h`, `mm`, `ss` | day, hour (24 h), hour (12 h, with `a`), minute, second |
/// | `a` | `AM` or `PM`, any case |
/// | `S`... | fractions of a second (read and dropped) |
/// | `xx`, `xxx`, `Z` | an offset: `-0400`; `-04:00`; either, or `Z` for UTC |
///
/// Any other character is literal. A time with an offset is that instant; one without is read in the
/// row's zone (the mapping's `timestamp.timezone`, or its zone column).
enum LocalTimePattern {
    struct Parsed: Equatable {
        var date: CivilDate
        var secondOfDay: Int
        /// Seconds east of UTC, when the text carried an offset.
        var offset: Int?
    }

    static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// The time in `zone` (an offset in the text wins).
    static func parse(_ text: String, format: String, zone: RowZone) -> Result<Timestamp, TimestampFailure> {
        parse(text, format: format).map { parsed in
            if let offset = parsed.offset {
                let local = Int64(parsed.date.daysSinceEpoch) * 86_400 + Int64(parsed.secondOfDay)
                return Timestamp(epochSeconds: local - Int64(offset), offsetSeconds: Int32(offset))
            }
            let (instant, offset) = zone.instant(of: parsed.date, secondOfDay: parsed.secondOfDay)
            return Timestamp(epochSeconds: instant, offsetSeconds: Int32(offset))
        }
    }

    static func parse(_ text: String, format: String) -> Result<Parsed, TimestampFailure> {
        let chars = Array(text.trimmingCharacters(in: .whitespaces))
        let pattern = Array(format)
        var i = 0
        var p = 0
        var values: [Character: Int] = ["s": 0, "m": 0]
        var offset: Int?
        var pm: Bool?
        func digits(max: Int) -> (value: Int, count: Int) {
            var value = 0
            var count = 0
            while i < chars.count, chars[i].isASCII, let d = chars[i].wholeNumberValue, count < max {
                value = value * 10 + d
                count += 1
                i += 1
            }
            return (value, count)
        }
        while p < pattern.count {
            let token = pattern[p]
            var width = 1
            while p + width < pattern.count, pattern[p + width] == token { width += 1 }
            p += width
            switch token {
            case "M" where width == 3:
                guard i + 3 <= chars.count, let month = months.firstIndex(of: String(chars[i..<(i + 3)]).lowercased())
                else {
                    return .failure(.malformed)
                }
                values["M"] = month + 1
                i += 3
            case "y", "M", "d", "H", "h", "m", "s":
                let read = digits(max: token == "y" ? 4 : 2)
                if read.count < width || (width >= 2 && read.count != width && token != "y") {
                    return .failure(.malformed)
                }
                values[token] = read.value
            case "S":
                guard digits(max: 9).count >= 1 else { return .failure(.malformed) }
            case "a":
                guard i + 2 <= chars.count else { return .failure(.malformed) }
                switch String(chars[i..<(i + 2)]).uppercased() {
                case "AM": pm = false
                case "PM": pm = true
                default: return .failure(.malformed)
                }
                i += 2
            case "x", "Z":
                if token == "Z", i < chars.count, chars[i] == "Z" {
                    offset = 0
                    i += 1
                    break
                }
                guard i < chars.count, chars[i] == "+" || chars[i] == "-" else { return .failure(.malformed) }
                let negative = chars[i] == "-"
                i += 1
                let hours = digits(max: 2)
                var colon = false
                if i < chars.count, chars[i] == ":" {
                    colon = true
                    i += 1
                }
                let minutes = digits(max: 2)
                let colonAllowed = token == "Z" || width >= 3
                let bareAllowed = token == "Z" || width == 2
                guard hours.count == 2, minutes.count == 2, colon ? colonAllowed : bareAllowed, hours.value <= 14,
                    minutes.value < 60
                else { return .failure(.malformed) }
                let seconds = hours.value * 3600 + minutes.value * 60
                offset = negative ? -seconds : seconds
            default:
                for _ in 0..<width {
                    guard i < chars.count, chars[i] == token else { return .failure(.malformed) }
                    i += 1
                }
            }
        }
        var hour = values["H"]
        if let h = values["h"] {
            guard let pm, (1...12).contains(h) else { return .failure(.malformed) }
            hour = h % 12 + (pm ? 12 : 0)
        }
        guard i == chars.count, let y = values["y"], let m = values["M"], let d = values["d"],
            let date = CivilDate(year: y, month: m, day: d),
            let h = hour ?? (values["m"] == 0 && values["s"] == 0 ? 0 : nil),
            let mi = values["m"], let s = values["s"], h < 24, mi < 60, s < 60
        else { return .failure(.malformed) }
        if let failure = TimestampFailure.checkYear(y) { return .failure(failure) }
        return .success(Parsed(date: date, secondOfDay: h * 3600 + mi * 60 + s, offset: offset))
    }
}
