/// An exact amount of money: signed integer minor units of one currency.
///
/// > Note: never built from or turned into floating point. Arithmetic traps on overflow rather
/// > than wrapping; sums across currencies are impossible by construction.
public struct Money: Sendable, Hashable {
    public let minorUnits: Int64
    public let currency: Currency

    public init(minorUnits: Int64, currency: Currency) {
        self.minorUnits = minorUnits
        self.currency = currency
    }

    public static func zero(_ currency: Currency) -> Money { Money(minorUnits: 0, currency: currency) }

    public var isNegative: Bool { minorUnits < 0 }
}

/// Money amounts as plain decimals: `-24.00`, `1500`, `12.345` (the CSV and manifest form).
public enum PlainDecimal {
    /// The amount with exactly `exponent` decimals, a leading `-` when negative, no grouping.
    public static func format(_ minorUnits: Int64, exponent: Int) -> String {
        let negative = minorUnits < 0
        // Int64.min has no positive counterpart: work with the magnitude as UInt64.
        let magnitude = minorUnits.magnitude
        var digits = String(magnitude)
        if exponent > 0 {
            if digits.count <= exponent {
                digits = String(repeating: "0", count: exponent - digits.count + 1) + digits
            }
            digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -exponent))
        }
        return negative ? "-" + digits : digits
    }

    public static func format(_ money: Money) -> String {
        format(money.minorUnits, exponent: money.currency.exponent)
    }
}
