/// Parses decimal amounts in major units into exact minor units, byte by byte.
///
/// Accepted: optional `-` or `+`, one or more digits, optionally `.` and at most the currency's
/// number of decimals. Rejected: thousands separators, exponents, a leading or trailing `.`,
/// spaces, more decimals than the currency has, magnitudes beyond ``limit`` minor units.
///
/// > Note: every amount read is within ±``limit`` (10^15 minor units), so the negation of one, and the
/// > sum or difference of two, always fit in `Int64`; totals of many are checked (``MinorUnits``).
public enum AmountParser {
    /// Why a decimal amount was refused.
    public enum Failure: Error, Sendable, Equatable {
        case notADecimal
        case tooManyDecimals(allowed: Int)
        /// More than ``AmountParser/limit`` minor units either way.
        case beyondLimit
    }

    /// The largest magnitude accepted, in minor units: 10^15 (10,000,000,000,000.00 USD).
    public static let limit: Int64 = 1_000_000_000_000_000

    /// What an importer's message expects of an amount beyond ``limit``:
    /// `at most ±10^15 minor units (e.g. 10000000000000.00 USD)`.
    public static func limitExpectation(_ currency: Currency) -> String {
        "at most ±10^15 minor units (e.g. \(PlainDecimal.format(limit, exponent: currency.exponent)) \(currency.code))"
    }

    /// An amount as input gives it (at most ``limit``), or with `limit: .max` a total as the tool writes it.
    public static func parse(_ text: String, currency: Currency, limit: Int64 = AmountParser.limit) -> Result<
        Money, Failure
    > {
        var text = text
        return text.withUTF8 { bytes in
            parse(bytes: bytes, exponent: currency.exponent, limit: limit).map {
                Money(minorUnits: $0, currency: currency)
            }
        }
    }

    /// The minor units for `bytes`, given the currency's exponent; magnitudes beyond `limit` are ``Failure/beyondLimit``.
    public static func parse(bytes: UnsafeBufferPointer<UInt8>, exponent: Int, limit: Int64 = AmountParser.limit)
        -> Result<Int64, Failure>
    {
        var index = 0
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        var value: Int64 = 0
        var integerDigits = 0
        var fractionDigits = 0
        var sawPoint = false
        var beyond = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                // Past the limit the digits are still read (to tell a bad decimal from a big one), not summed.
                if !beyond {
                    let (times10, o1) = value.multipliedReportingOverflow(by: 10)
                    let (next, o2) = times10.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
                    value = next
                    beyond = o1 || o2 || value > limit
                }
                if sawPoint { fractionDigits += 1 } else { integerDigits += 1 }
            } else if byte == UInt8(ascii: "."), !sawPoint {
                sawPoint = true
            } else {
                return .failure(.notADecimal)
            }
            index += 1
        }
        if integerDigits == 0 || (sawPoint && fractionDigits == 0) { return .failure(.notADecimal) }
        if fractionDigits > exponent { return .failure(.tooManyDecimals(allowed: exponent)) }
        for _ in fractionDigits..<exponent where !beyond {
            let (scaled, overflow) = value.multipliedReportingOverflow(by: 10)
            value = scaled
            beyond = overflow || value > limit
        }
        if beyond { return .failure(.beyondLimit) }
        return .success(negative ? -value : value)
    }
}
