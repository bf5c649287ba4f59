/// PDF syntax written straight into bytes (content streams, object headers, the cross-reference table): ASCII text,
/// integers, ``PDFNumber`` decimals and 4-digit hex codes, without making a String per piece.
extension [UInt8] {
    /// Appends the ASCII text `text`.
    mutating func pdf(_ text: StaticString) {
        text.withUTF8Buffer { append(contentsOf: $0) }
    }

    /// Appends `value` in decimal.
    mutating func pdf(_ value: Int) {
        if value < 0 { append(0x2D) }
        var magnitude = value.magnitude
        if magnitude < 10 {
            append(UInt8(truncatingIfNeeded: 0x30 &+ magnitude))
            return
        }
        // The digits from the last, into a buffer on the stack, then appended at once (reversing them in place
        // through a slice of the array copied the slice each time).
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var index = digits.count
            repeat {
                index -= 1
                digits[index] = UInt8(truncatingIfNeeded: 0x30 &+ magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            append(contentsOf: UnsafeBufferPointer(rebasing: digits[index...]))
        }
    }

    /// Appends `value` as ``PDFNumber/format(_:)`` writes it: at most two decimals, no exponent.
    mutating func pdf(_ value: Float) {
        pdf(hundredths: PDFNumber.hundredths(value))
    }

    /// Appends `hundredths` / 100 with at most two decimals (``pdf(_:)-(Float)`` of a number already rounded to
    /// hundredths).
    mutating func pdf(hundredths: Int) {
        if hundredths < 0 { append(0x2D) }
        let magnitude = Int(hundredths.magnitude)
        pdf(magnitude / 100)
        let fraction = magnitude % 100
        if fraction != 0 {
            append(0x2E)
            append(UInt8(0x30 + fraction / 10))
            append(UInt8(0x30 + fraction % 10))
        }
    }

    /// Appends the low 16 bits of `value` as four upper-case hex digits (``PDFNumber/hex4(_:)``).
    mutating func pdfHex4(_ value: UInt32) {
        append(PDFNumber.hexDigit(value >> 12))
        append(PDFNumber.hexDigit(value >> 8))
        append(PDFNumber.hexDigit(value >> 4))
        append(PDFNumber.hexDigit(value))
    }
}

extension PDFNumber {
    /// `value` rounded to hundredths, as ``format(_:)`` writes it.
    @inline(__always)
    static func hundredths(_ value: Float) -> Int { Int((value * 100).rounded()) }

    /// The upper-case hex digit of the low four bits of `value`.
    @inline(__always)
    static func hexDigit(_ value: UInt32) -> UInt8 {
        let nibble = UInt8(truncatingIfNeeded: value & 15)
        return nibble < 10 ? 0x30 + nibble : 0x37 + nibble
    }
}
