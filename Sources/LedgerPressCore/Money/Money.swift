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
        guard exponent <= 18 else { return formatLong(minorUnits, exponent: exponent) }
        let length = length(minorUnits, exponent: exponent)
        return String(unsafeUninitializedCapacity: length) { out in
            write(minorUnits, exponent: exponent, length: length, into: out)
            return length
        }
    }

    /// ``format(_:exponent:)`` appended to `bytes`: the same text, without a `String` of its own.
    public static func append(_ minorUnits: Int64, exponent: Int, to bytes: inout [UInt8]) {
        let exponent = max(0, exponent)
        guard exponent <= 18 else {
            bytes.append(utf8: formatLong(minorUnits, exponent: exponent))
            return
        }
        let length = length(minorUnits, exponent: exponent)
        bytes.append(count: length) { write(minorUnits, exponent: exponent, length: length, into: $0) }
    }

    /// The text's length: sign, digits (at least `exponent + 1` when there are decimals) and point.
    private static func length(_ minorUnits: Int64, exponent: Int) -> Int {
        var digits = 1
        var rest = minorUnits.magnitude / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        let shown = exponent > 0 ? max(digits, exponent + 1) : digits
        return (minorUnits < 0 ? 1 : 0) + shown + (exponent > 0 ? 1 : 0)
    }

    /// Writes the text, `length` bytes, from the last digit back.
    private static func write(
        _ minorUnits: Int64, exponent: Int, length: Int, into out: UnsafeMutableBufferPointer<UInt8>
    ) {
        // Int64.min has no positive counterpart: work with the magnitude as UInt64.
        var magnitude = minorUnits.magnitude
        let negative = minorUnits < 0
        let shown = length - (negative ? 1 : 0) - (exponent > 0 ? 1 : 0)
        var at = length
        for written in 0..<shown {
            if exponent > 0 && written == exponent {
                at -= 1
                out[at] = UInt8(ascii: ".")
            }
            at -= 1
            out[at] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
        }
        if negative { out[0] = UInt8(ascii: "-") }
    }

    /// The same layout for exponents no currency has, built as strings.
    static func formatLong(_ minorUnits: Int64, exponent: Int) -> String {
        var digits = String(minorUnits.magnitude)
        if digits.count <= exponent {
            digits = String(repeating: "0", count: exponent - digits.count + 1) + digits
        }
        digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -exponent))
        return minorUnits < 0 ? "-" + digits : digits
    }

    public static func format(_ money: Money) -> String {
        format(money.minorUnits, exponent: money.currency.exponent)
    }

    /// The money that ``format(_:)`` wrote as `text` in `currency`; nil for any other text (another number of
    /// decimals, a `+`, leading zeros, a `-0.00`): reading then writing gives back the same bytes.
    public static func money(_ text: String, currency: Currency) -> Money? {
        let read: Money
        switch AmountParser.parse(text, currency: currency, limit: .max) {
        case .success(let amount): read = amount
        case .failure:
            // Int64.min has no positive counterpart, so the parser cannot reach it.
            guard text == format(.min, exponent: currency.exponent) else { return nil }
            read = Money(minorUnits: .min, currency: currency)
        }
        return format(read) == text ? read : nil
    }
}
