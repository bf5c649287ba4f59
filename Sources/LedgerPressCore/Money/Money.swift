/// An exact amount of money: signed integer minor units of one currency.
///
/// > Note: never built from or turned into floating point. Sums go through ``MinorUnits``, which throws
/// > ``MoneyOverflow`` rather than trapping or wrapping; sums across currencies are impossible by construction.
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
    ///
    /// Total for every `Int64` (including `Int64.min`); an `exponent` below zero is read as zero.
    public static func format(_ minorUnits: Int64, exponent: Int) -> String {
        let exponent = max(0, exponent)
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
