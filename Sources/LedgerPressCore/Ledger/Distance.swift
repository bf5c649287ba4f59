/// The unit of a job's distance (issue 50): totals are kept per unit, never converted.
public enum DistanceUnit: String, Sendable, CaseIterable, Comparable {
    case km, mi

    public static func < (a: DistanceUnit, b: DistanceUnit) -> Bool { a.rawValue < b.rawValue }
}

/// A job's distance: an exact decimal with at most three decimals, held as integer thousandths (never floating
/// point), and its unit.
///
/// > Note: non-negative; only `earning` rows carry one (an earning's fee row shares its reference and must
/// > not, or the job would count twice).
public struct Distance: Sendable, Equatable, Hashable {
    /// The distance in thousandths of its unit (`12.5 km` is 12500).
    public var thousandths: Int64
    public var unit: DistanceUnit

    public init(thousandths: Int64, unit: DistanceUnit) {
        self.thousandths = thousandths
        self.unit = unit
    }

    /// What a distance field must hold, for messages.
    public static let expectation = "a non-negative decimal with at most 3 decimals such as 12.5"

    /// The thousandths a plain decimal spells (`12`, `12.5`, `0.125`; no sign, no exponent, no separators, at most
    /// 3 decimals, at most 12 integer digits); nil otherwise.
    public static func thousandths(_ text: String) -> Int64? {
        var whole: Int64 = 0
        var fraction: Int64 = 0
        var wholeDigits = 0
        var decimals = -1
        for byte in text.utf8 {
            if byte == UInt8(ascii: ".") {
                guard decimals < 0, wholeDigits > 0 else { return nil }
                decimals = 0
                continue
            }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let digit = Int64(byte - UInt8(ascii: "0"))
            if decimals >= 0 {
                decimals += 1
                guard decimals <= 3 else { return nil }
                fraction = fraction * 10 + digit
            } else {
                wholeDigits += 1
                guard wholeDigits <= 12 else { return nil }
                whole = whole * 10 + digit
            }
        }
        guard wholeDigits > 0, decimals != 0 else { return nil }
        for _ in 0..<(3 - max(decimals, 0)) { fraction *= 10 }
        return whole * 1000 + fraction
    }

    /// Thousandths as a plain decimal with three decimals: `12.500` (CSV cells).
    public static func plain(_ thousandths: Int64) -> String {
        let whole = thousandths / 1000
        let fraction = thousandths % 1000
        let digits = String(fraction)
        return String(whole) + "." + String(repeating: "0", count: 3 - digits.count) + digits
    }

    /// Thousandths with trailing zeros of the fraction left out and `separator` before it: `12.5`, `7`, `0,125`.
    public static func short(_ thousandths: Int64, separator: String = ".") -> String {
        var text = plain(thousandths)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return separator == "." ? text : text.split(separator: ".").joined(separator: separator)
    }
}

/// A payee's distances in one period, per unit (issue 50): thousandths of each unit, and whether any job in
/// that unit carried one.
public struct DistanceTotals: Sendable, Equatable {
    public private(set) var km: Int64?
    public private(set) var mi: Int64?

    public init() {}

    /// No job carried a distance.
    public var isEmpty: Bool { km == nil && mi == nil }

    /// The total of `unit` (nil when no job carried one in it).
    public subscript(unit: DistanceUnit) -> Int64? {
        switch unit {
        case .km: km
        case .mi: mi
        }
    }

    /// Adds one job's distance to its unit's total (checked: a total that does not fit is a ``MoneyOverflow``).
    public mutating func add(_ distance: Distance) throws(MoneyOverflow) {
        switch distance.unit {
        case .km: km = try MinorUnits.add(km ?? 0, distance.thousandths, total: "distance (km)")
        case .mi: mi = try MinorUnits.add(mi ?? 0, distance.thousandths, total: "distance (mi)")
        }
    }

    /// Adds another set of totals.
    public mutating func absorb(_ other: DistanceTotals) throws(MoneyOverflow) {
        for unit in DistanceUnit.allCases {
            if let value = other[unit] { try add(Distance(thousandths: value, unit: unit)) }
        }
    }
}
