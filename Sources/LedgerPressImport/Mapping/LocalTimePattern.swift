import LedgerPressCore

/// Parses a local time by a simple pattern: `yyyy`, `MM`/`M`, `dd`/`d`, `HH`/`H`, `mm`, `ss`, and
/// literal characters (`MM/dd/yyyy HH:mm:ss`, `yyyy-MM-dd H:mm`), read in the mapping's zone.
/// The year must be in ``CivilDate/supportedYears``.
enum LocalTimePattern {
    static func parse(_ text: String, format: String, zone: ZoneClock) -> Result<Timestamp, TimestampFailure> {
        let chars = Array(text)
        let pattern = Array(format)
        var i = 0
        var p = 0
        var values: [Character: Int] = ["s": 0, "H": 0, "m": 0]
        while p < pattern.count {
            let token = pattern[p]
            var width = 1
            while p + width < pattern.count, pattern[p + width] == token { width += 1 }
            if "yMdHms".contains(token) {
                var digits = 0
                var value = 0
                let maxDigits = token == "y" ? 4 : 2
                while i < chars.count, let d = chars[i].wholeNumberValue, chars[i].isASCII, digits < maxDigits {
                    value = value * 10 + d
                    digits += 1
                    i += 1
                }
                if digits < width || (width >= 2 && digits != width && token != "y") { return .failure(.malformed) }
                values[token] = value
                p += width
            } else {
                guard i < chars.count, chars[i] == token else { return .failure(.malformed) }
                i += 1
                p += 1
            }
        }
        guard i == chars.count, let y = values["y"], let m = values["M"], let d = values["d"],
            let date = CivilDate(year: y, month: m, day: d), let h = values["H"], let mi = values["m"], let s = values["s"],
            h < 24, mi < 60, s < 60
        else { return .failure(.malformed) }
        if let failure = TimestampFailure.checkYear(y) { return .failure(failure) }
        let instant = zone.instant(of: date, secondOfDay: h * 3600 + mi * 60 + s)
        return .success(Timestamp(epochSeconds: instant, offsetSeconds: Int32(zone.offset(at: instant))))
    }
}
