import Testing

@testable import LedgerPressCore

/// Dates, times and plain decimals written as bytes read exactly as the string-built forms they replace.
@Suite struct TextFormatTests {
    static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }

    static func referenceDate(_ date: CivilDate) -> String {
        pad(date.year, 4) + "-" + pad(date.month, 2) + "-" + pad(date.day, 2)
    }

    static func referenceTimestamp(_ epochSeconds: Int64, _ offsetSeconds: Int) -> String {
        let (sum, overflow) = epochSeconds.addingReportingOverflow(Int64(clamping: offsetSeconds))
        let local = overflow ? (offsetSeconds < 0 ? Int64.min : Int64.max) : sum
        let remainder = local % 86_400
        let secondOfDay = Int(remainder < 0 ? remainder + 86_400 : remainder)
        let days = Int(local / 86_400 - (remainder < 0 ? 1 : 0))
        let date = CivilDate(daysSinceEpoch: days)
        let sign = offsetSeconds < 0 ? "-" : "+"
        let offset = Int(clamping: offsetSeconds.magnitude)
        return "\(referenceDate(date))T\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):"
            + "\(pad(secondOfDay % 60, 2))\(sign)\(pad(offset / 3600, 2)):\(pad(offset / 60 % 60, 2))"
    }

    static func referenceDecimal(_ minorUnits: Int64, exponent: Int) -> String {
        let exponent = max(0, exponent)
        var digits = String(minorUnits.magnitude)
        if exponent > 0 {
            if digits.count <= exponent { digits = String(repeating: "0", count: exponent - digits.count + 1) + digits }
            digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -exponent))
        }
        return minorUnits < 0 ? "-" + digits : digits
    }

    static let instants: [Int64] = [
        0, -1, 1, 86_399, 86_400, -86_400, 1_790_000_000, -2_208_988_800, 7_258_118_399, 253_402_300_799,
        253_402_300_800,
        -62_167_219_200, -62_167_219_201, Int64.max, Int64.min, Int64.max / 3, Int64.min / 3,
    ]
    static let offsets = [0, -14_400, 19_800, 45_900, -34_200, 359_999, 360_000, -360_000, Int.max, Int.min, 1, -1]

    @Test func timestampsMatchTheStringForm() {
        for instant in Self.instants {
            for offset in Self.offsets {
                let reference = Self.referenceTimestamp(instant, offset)
                #expect(
                    Timestamp.format(epochSeconds: instant, offsetSeconds: offset) == reference, "\(instant) \(offset)")
                var bytes = Array("x,".utf8)
                Timestamp.append(epochSeconds: instant, offsetSeconds: offset, to: &bytes)
                #expect(String(decoding: bytes, as: UTF8.self) == "x," + reference, "\(instant) \(offset)")
            }
        }
    }

    @Test func datesMatchTheStringForm() {
        for days in [0, -1, 1, -719_468, -719_469, 2_932_896, 2_932_897, -10_000_000, 10_000_000, 20_000, -25_567] {
            let date = CivilDate(daysSinceEpoch: days)
            #expect(date.description == Self.referenceDate(date), "\(days)")
        }
    }

    @Test func plainDecimalsMatchTheStringForm() {
        var values: [Int64] = [0, 1, -1, 9, -10, 99, 100, 12_345, -12_345, Int64.max, Int64.min, Int64.min + 1]
        var power: Int64 = 1
        for _ in 0..<18 {
            power *= 10
            values += [power, power - 1, -power, power + 7]
        }
        for exponent in -2...22 {
            for value in values {
                let reference = Self.referenceDecimal(value, exponent: exponent)
                #expect(PlainDecimal.format(value, exponent: exponent) == reference, "\(value) e\(exponent)")
                var bytes = Array("x,".utf8)
                PlainDecimal.append(value, exponent: exponent, to: &bytes)
                #expect(String(decoding: bytes, as: UTF8.self) == "x," + reference, "\(value) e\(exponent)")
            }
        }
    }
}
