/// A learned money pattern as UTF-8 pieces: formats an amount in one pass over its digits, into one
/// string, with no lock, no Foundation and no intermediate strings.
///
/// > Note: the layout is `prefix`, the integer digits grouped by threes with `group` (when there are at least
/// > `groupingFrom` of them), then `decimal` and
/// > exactly `exponent` fraction digits (none when the exponent is 0), then `suffix`; the negative prefix
/// > and suffix for amounts below zero. Total for every `Int64`, `Int64.min` included.
struct MoneyLayout: Sendable {
    let positivePrefix: [UInt8]
    let positiveSuffix: [UInt8]
    let negativePrefix: [UInt8]
    let negativeSuffix: [UInt8]
    let group: [UInt8]
    let decimal: [UInt8]
    let exponent: Int
    /// The fewest integer digits that are grouped at all: 4 (`1,234`), or 5 where `1234` stays whole.
    let groupingFrom: Int

    init(_ pattern: MoneyFormat.Pattern, exponent: Int) {
        positivePrefix = Array(pattern.positivePrefix.utf8)
        positiveSuffix = Array(pattern.positiveSuffix.utf8)
        negativePrefix = Array(pattern.negativePrefix.utf8)
        negativeSuffix = Array(pattern.negativeSuffix.utf8)
        group = Array(pattern.group.utf8)
        decimal = Array(pattern.decimal.utf8)
        self.exponent = max(0, exponent)
        groupingFrom = 3 + max(1, pattern.minimumGrouping)
    }

    func format(_ minorUnits: Int64) -> String {
        // The magnitude's decimal digits, most significant first, padded with zeros to at least exponent + 1.
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for 20 digits (UInt64.max)
        return withUnsafeMutableBytes(of: &digits) { scratch -> String in
            var magnitude = minorUnits.magnitude
            var count = 0
            repeat {
                scratch[scratch.count - 1 - count] = UInt8(truncatingIfNeeded: magnitude % 10) + UInt8(ascii: "0")
                magnitude /= 10
                count += 1
            } while magnitude > 0
            while count <= exponent {
                scratch[scratch.count - 1 - count] = UInt8(ascii: "0")
                count += 1
            }
            let first = scratch.count - count
            let integerDigits = count - exponent
            let groups = integerDigits >= groupingFrom ? (integerDigits - 1) / 3 : 0
            let prefix = minorUnits < 0 ? negativePrefix : positivePrefix
            let suffix = minorUnits < 0 ? negativeSuffix : positiveSuffix
            var length = prefix.count + integerDigits + groups * group.count + suffix.count
            if exponent > 0 { length += decimal.count + exponent }
            return String(unsafeUninitializedCapacity: length) { out in
                var at = 0
                func put(_ bytes: [UInt8]) {
                    for byte in bytes {
                        out[at] = byte
                        at += 1
                    }
                }
                put(prefix)
                for i in 0..<integerDigits {
                    if groups > 0 && i > 0 && (integerDigits - i) % 3 == 0 { put(group) }
                    out[at] = scratch[first + i]
                    at += 1
                }
                if exponent > 0 {
                    put(decimal)
                    for i in integerDigits..<count {
                        out[at] = scratch[first + i]
                        at += 1
                    }
                }
                put(suffix)
                return at
            }
        }
    }
}
