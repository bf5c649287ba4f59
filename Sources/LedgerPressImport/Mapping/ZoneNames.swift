import LedgerPressCore

/// A time's zone as an export writes it in a column: a zone with rules, or a fixed offset.
enum RowZone: Sendable {
    case clock(ZoneClock)
    /// Seconds east of UTC.
    case offset(Int)

    /// The instant of a local wall-clock time in this zone.
    func instant(of date: CivilDate, secondOfDay: Int) -> (epochSeconds: Int64, offset: Int) {
        switch self {
        case .clock(let zone):
            let instant = zone.instant(of: date, secondOfDay: secondOfDay)
            return (instant, zone.offset(at: instant))
        case .offset(let seconds):
            return (Int64(date.daysSinceEpoch) * 86_400 + Int64(secondOfDay) - Int64(seconds), seconds)
        }
    }
}

/// Resolves the names exports put in a time-zone column: IANA names (`America/Denver`), abbreviations
/// (`PDT`, `EST`, `CET`: their fixed offset, so `PDT` is always -07:00 and a repeated hour is never
/// ambiguous), the display names Square and Rails use (`Pacific Time (US & Canada)`), Windows zone ids
/// (`W. Europe Standard Time`) and `UTC±hh:mm`/`GMT±hh`. A mapping's own `names` come first.
///
/// > Note: abbreviations are not unique worldwide (`CST` is also China's, `IST` India's, Ireland's and
/// > Israel's). The built-in table reads them as North American and European exports use them; `IST`
/// > is left out; a mapping's `names` overrides any of them.
struct ZoneNames: Sendable {
    /// The mapping's own names (keys trimmed and lowercased) → IANA name or offset text.
    private let own: [String: RowZone]

    init(own: [String: RowZone] = [:]) { self.own = own }

    /// The zone a cell names, or nil.
    func resolve(_ text: String) -> RowZone? {
        let key = text.trimmingCharacters(in: .whitespaces)
        guard !key.isEmpty else { return nil }
        if let zone = own[key.lowercased()] { return zone }
        return ZoneNames.builtIn(key)
    }

    /// A table value: an IANA name or an offset (`+05:30`, `-0800`, `UTC-4`).
    static func value(_ text: String) -> RowZone? {
        if let offset = offset(text) { return .offset(offset) }
        return ZoneClock(identifier: text).map(RowZone.clock)
    }

    static func builtIn(_ text: String) -> RowZone? {
        let key = text.lowercased()
        if let hours = abbreviations[key] { return .offset(hours) }
        if let identifier = displayNames[key], let zone = ZoneClock(identifier: identifier) { return .clock(zone) }
        if let offset = offset(text) { return .offset(offset) }
        if text.contains("/") || text == "UTC", let zone = ZoneClock(identifier: text) { return .clock(zone) }
        return nil
    }

    /// `+05:30`, `-0800`, `+02`, optionally after `UTC` or `GMT` (`UTC+5:30`, `GMT-4`): seconds east of UTC.
    static func offset(_ text: String) -> Int? {
        var body = Substring(text.trimmingCharacters(in: .whitespaces))
        for prefix in ["UTC", "GMT"] where body.uppercased().hasPrefix(prefix) { body = body.dropFirst(prefix.count) }
        guard let sign = body.first, sign == "+" || sign == "-" else { return nil }
        body = body.dropFirst()
        var hours: Int?
        var minutes = 0
        if let colon = body.firstIndex(of: ":") {
            hours = Int(body[..<colon])
            guard let m = Int(body[body.index(after: colon)...]), body[body.index(after: colon)...].count == 2 else {
                return nil
            }
            minutes = m
        } else if body.count == 4 {
            hours = Int(body.prefix(2))
            guard let m = Int(body.suffix(2)) else { return nil }
            minutes = m
        } else if (1...2).contains(body.count) {
            hours = Int(body)
        }
        guard let hours, body.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ":") }), hours <= 14, minutes < 60 else {
            return nil
        }
        let seconds = hours * 3600 + minutes * 60
        return sign == "-" ? -seconds : seconds
    }

    /// Abbreviation → seconds east of UTC.
    static let abbreviations: [String: Int] = {
        let hours: [String: Double] = [
            "utc": 0, "gmt": 0, "z": 0, "wet": 0, "west": 1, "bst": 1, "cet": 1, "cest": 2, "met": 1, "mest": 2,
            "eet": 2,
            "eest": 3, "msk": 3,
            "nst": -3.5, "ndt": -2.5, "ast": -4, "adt": -3, "est": -5, "edt": -4, "cst": -6, "cdt": -5, "mst": -7,
            "mdt": -6,
            "pst": -8, "pdt": -7, "akst": -9, "akdt": -8, "hst": -10, "sst": -11,
            "jst": 9, "kst": 9, "hkt": 8, "sgt": 8, "awst": 8, "acst": 9.5, "acdt": 10.5, "aest": 10, "aedt": 11,
            "nzst": 12,
            "nzdt": 13,
        ]
        return hours.mapValues { Int($0 * 3600) }
    }()

    /// Display names (Rails / Square, Windows ids) → IANA names.
    static let displayNames: [String: String] = {
        let names: [String: String] = [
            "Hawaii": "Pacific/Honolulu", "Alaska": "America/Juneau",
            "Pacific Time (US & Canada)": "America/Los_Angeles",
            "Arizona": "America/Phoenix", "Mountain Time (US & Canada)": "America/Denver",
            "Central Time (US & Canada)": "America/Chicago", "Eastern Time (US & Canada)": "America/New_York",
            "Indiana (East)": "America/Indiana/Indianapolis", "Atlantic Time (Canada)": "America/Halifax",
            "Newfoundland": "America/St_Johns", "Saskatchewan": "America/Regina", "Puerto Rico": "America/Puerto_Rico",
            "Mexico City": "America/Mexico_City", "Bogota": "America/Bogota", "Lima": "America/Lima",
            "Santiago": "America/Santiago", "Buenos Aires": "America/Argentina/Buenos_Aires",
            "Brasilia": "America/Sao_Paulo",
            "London": "Europe/London", "Edinburgh": "Europe/London", "Dublin": "Europe/Dublin",
            "Lisbon": "Europe/Lisbon",
            "Madrid": "Europe/Madrid", "Paris": "Europe/Paris", "Amsterdam": "Europe/Amsterdam",
            "Brussels": "Europe/Brussels",
            "Berlin": "Europe/Berlin", "Bern": "Europe/Zurich", "Zurich": "Europe/Zurich", "Rome": "Europe/Rome",
            "Vienna": "Europe/Vienna", "Stockholm": "Europe/Stockholm", "Copenhagen": "Europe/Copenhagen",
            "Oslo": "Europe/Oslo",
            "Warsaw": "Europe/Warsaw", "Prague": "Europe/Prague", "Budapest": "Europe/Budapest",
            "Athens": "Europe/Athens",
            "Helsinki": "Europe/Helsinki", "Istanbul": "Europe/Istanbul", "Moscow": "Europe/Moscow",
            "Dubai": "Asia/Dubai",
            "Mumbai": "Asia/Kolkata", "New Delhi": "Asia/Kolkata", "Kolkata": "Asia/Kolkata",
            "Singapore": "Asia/Singapore",
            "Hong Kong": "Asia/Hong_Kong", "Beijing": "Asia/Shanghai", "Seoul": "Asia/Seoul", "Tokyo": "Asia/Tokyo",
            "Osaka": "Asia/Tokyo", "Perth": "Australia/Perth", "Adelaide": "Australia/Adelaide",
            "Darwin": "Australia/Darwin",
            "Brisbane": "Australia/Brisbane", "Sydney": "Australia/Sydney", "Melbourne": "Australia/Melbourne",
            "Canberra": "Australia/Sydney", "Hobart": "Australia/Hobart", "Auckland": "Pacific/Auckland",
            "Wellington": "Pacific/Auckland",
            // Windows zone ids (the zone with its daylight-saving rules, despite "Standard").
            "Hawaiian Standard Time": "Pacific/Honolulu", "Alaskan Standard Time": "America/Anchorage",
            "Pacific Standard Time": "America/Los_Angeles", "US Mountain Standard Time": "America/Phoenix",
            "Mountain Standard Time": "America/Denver", "Central Standard Time": "America/Chicago",
            "Eastern Standard Time": "America/New_York", "Atlantic Standard Time": "America/Halifax",
            "GMT Standard Time": "Europe/London", "W. Europe Standard Time": "Europe/Berlin",
            "Romance Standard Time": "Europe/Paris", "Central Europe Standard Time": "Europe/Budapest",
            "Central European Standard Time": "Europe/Warsaw", "E. Europe Standard Time": "Europe/Chisinau",
            "FLE Standard Time": "Europe/Kiev", "Tokyo Standard Time": "Asia/Tokyo",
            "India Standard Time": "Asia/Kolkata",
            "China Standard Time": "Asia/Shanghai", "Singapore Standard Time": "Asia/Singapore",
            "AUS Eastern Standard Time": "Australia/Sydney", "New Zealand Standard Time": "Pacific/Auckland",
        ]
        return Dictionary(uniqueKeysWithValues: names.map { ($0.key.lowercased(), $0.value) })
    }()
}
