/// Parses decimal amounts in major units into exact minor units, byte by byte.
///
/// Accepted: optional `-` or `+`, one or more digits, optionally `.` and at most the currency's
/// number of decimals. Rejected: thousands separators, exponents, a leading or trailing `.`,
/// spaces, more decimals than the currency has, values that overflow `Int64` minor units.
public enum AmountParser {
    public enum Failure: Error, Sendable, Equatable {
        case notADecimal
        case tooManyDecimals(allowed: Int)
        case overflow
    }

    public static func parse(_ text: String, currency: Currency) -> Result<Money, Failure> {
        var text = text
        return text.withUTF8 { bytes in
            parse(bytes: bytes, exponent: currency.exponent).map { Money(minorUnits: $0, currency: currency) }
        }
    }

    /// The minor units for `bytes`, given the currency's exponent.
    public static func parse(bytes: UnsafeBufferPointer<UInt8>, exponent: Int) -> Result<Int64, Failure> {
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
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                let (times10, o1) = value.multipliedReportingOverflow(by: 10)
                let (next, o2) = times10.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
                if o1 || o2 { return .failure(.overflow) }
                value = next
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
        for _ in fractionDigits..<exponent {
            let (scaled, overflow) = value.multipliedReportingOverflow(by: 10)
            if overflow { return .failure(.overflow) }
            value = scaled
        }
        return .success(negative ? -value : value)
    }
}
