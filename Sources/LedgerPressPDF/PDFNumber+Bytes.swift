/// PDF syntax written straight into bytes (content streams, object headers, the cross-reference table): ASCII text,
/// integers, ``PDFNumber`` decimals and 4-digit hex codes, without making a String per piece.
extension [UInt8] {
    /// Appends the ASCII text `text`.
    mutating func pdf(_ text: StaticString) {
        text.withUTF8Buffer { append(contentsOf: $0) }
    }

    /// Appends `value` in decimal.
    mutating func pdf(_ value: Int) {
        if (0..<10).contains(value) {
            append(UInt8(truncatingIfNeeded: 0x30 &+ value))
            return
        }
        appendNumber { $0.int(value) }
    }

    /// Appends `value` as ``PDFNumber/format(_:)`` writes it: at most two decimals, no exponent.
    mutating func pdf(_ value: Float) {
        pdf(hundredths: PDFNumber.hundredths(value))
    }

    /// Appends `hundredths` / 100 with at most two decimals (``pdf(_:)-(Float)`` of a number already rounded to
    /// hundredths).
    mutating func pdf(hundredths: Int) {
        appendNumber { $0.hundredths(hundredths) }
    }

    /// Appends what `write` puts through a ``PDFCursor``: at most `bound` bytes, written into a buffer of that size
    /// and appended at once (a structure element's pieces, without an append each).
    mutating func pdf(reserving bound: Int, _ write: (inout PDFCursor) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bound) { buffer in
            guard let start = buffer.baseAddress else { return }
            var cursor = PDFCursor(start)
            write(&cursor)
            let count = cursor.at - start
            precondition(count <= bound, "\(count) bytes written, \(bound) reserved")
            append(contentsOf: UnsafeBufferPointer(start: start, count: count))
        }
    }

    /// What `write` puts through a ``PDFCursor`` (at most ``PDFCursor/mostNumberBytes``), written into a buffer on
    /// the stack and appended at once: the numbers of a content stream and of the file's other objects are written
    /// by the same code.
    private mutating func appendNumber(_ write: (inout PDFCursor) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: PDFCursor.mostNumberBytes) { buffer in
            guard let start = buffer.baseAddress else { return }
            var cursor = PDFCursor(start)
            write(&cursor)
            append(contentsOf: UnsafeBufferPointer(start: start, count: cursor.at - start))
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

/// PDF syntax written through a pointer into memory reserved beforehand (a content stream: see
/// ``ContentStream``): the same bytes as the `[UInt8]` forms above, without a capacity
/// check per piece. The writer reserves at least the bytes it writes (``mostBytes(_:)``, ``mostNumberBytes``).
struct PDFCursor {
    /// The most bytes ``int(_:)``, ``hundredths(_:)`` or ``number(_:)`` write: a sign, 19 digits, a point and two
    /// decimals.
    static let mostNumberBytes = 24

    /// The next byte to write.
    private(set) var at: UnsafeMutablePointer<UInt8>

    init(_ start: UnsafeMutablePointer<UInt8>) { at = start }

    /// The bytes ``text(_:)`` writes for `text`.
    static func mostBytes(_ text: StaticString) -> Int { text.utf8CodeUnitCount }

    @inline(__always)
    mutating func byte(_ value: UInt8) {
        at.pointee = value
        at += 1
    }

    /// The ASCII text `text`.
    @inline(__always)
    mutating func text(_ text: StaticString) {
        let count = text.utf8CodeUnitCount
        at.update(from: text.utf8Start, count: count)
        at += count
    }

    /// The UTF-8 bytes of `text`.
    mutating func utf8(_ text: String) {
        for unit in text.utf8 { byte(unit) }
    }

    /// `value` in decimal.
    mutating func int(_ value: Int) {
        if value < 0 { byte(0x2D) }
        var magnitude = value.magnitude
        var digits = 1
        var scale: UInt = 10
        while digits < 19, magnitude >= scale {
            digits += 1
            scale &*= 10
        }
        if digits == 19, magnitude >= scale { digits = 20 }
        var end = at + digits
        at = end
        repeat {
            end -= 1
            end.pointee = UInt8(truncatingIfNeeded: 0x30 &+ magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
    }

    /// `hundredths` / 100 with at most two decimals (``PDFNumber/format(_:)`` of a number already rounded).
    mutating func hundredths(_ hundredths: Int) {
        if hundredths < 0 { byte(0x2D) }
        let magnitude = Int(hundredths.magnitude)
        int(magnitude / 100)
        let fraction = magnitude % 100
        if fraction != 0 {
            byte(0x2E)
            byte(UInt8(0x30 + fraction / 10))
            byte(UInt8(0x30 + fraction % 10))
        }
    }

    /// `value` as ``PDFNumber/format(_:)`` writes it: at most two decimals, no exponent.
    mutating func number(_ value: Float) { hundredths(PDFNumber.hundredths(value)) }

    /// A glyph's code (below 65,536) as two bytes of a literal string, high first; a byte that would end the
    /// string, escape the next or be read as another (`(`, `)`, `\`, a carriage return or a line feed) escaped.
    @inline(__always)
    mutating func code(_ value: UInt32) {
        byteOfString(UInt8(truncatingIfNeeded: value >> 8))
        byteOfString(UInt8(truncatingIfNeeded: value))
    }

    @inline(__always)
    private mutating func byteOfString(_ byte: UInt8) {
        switch byte {
        case 0x28, 0x29, 0x5C:
            at[0] = 0x5C
            at[1] = byte
            at += 2
        case 0x0D:
            at[0] = 0x5C
            at[1] = 0x72
            at += 2
        case 0x0A:
            at[0] = 0x5C
            at[1] = 0x6E
            at += 2
        default:
            at[0] = byte
            at += 1
        }
    }

    /// The most bytes ``textString(_:)`` writes for `text`.
    static func mostBytes(textString text: String) -> Int { PDFCursor.mostBytes("<FEFF>") + 4 * text.utf16.count }

    /// `text` as a PDF text string in UTF-16BE with its byte order mark, hex-encoded (``PDFText/string(_:)``).
    mutating func textString(_ text: String) {
        self.text("<FEFF")
        for unit in text.utf16 { hex4(UInt32(unit)) }
        byte(0x3E)
    }

    /// The low 16 bits of `value` as four upper-case hex digits (``PDFNumber/hex4(_:)``).
    @inline(__always)
    mutating func hex4(_ value: UInt32) {
        at[0] = PDFNumber.hexDigit(value >> 12)
        at[1] = PDFNumber.hexDigit(value >> 8)
        at[2] = PDFNumber.hexDigit(value >> 4)
        at[3] = PDFNumber.hexDigit(value)
        at += 4
    }
}

/// Memory a ``PDFCursor`` writes into, reused from one piece to the next (a document's structure elements): no
/// array, and no closure around the writing.
final class CursorScratch {
    private var start: UnsafeMutablePointer<UInt8>
    private var capacity: Int

    init(capacity: Int = 1024) {
        self.capacity = capacity
        start = .allocate(capacity: capacity)
    }

    deinit { start.deallocate() }

    /// A cursor at the start of at least `bytes` bytes (what was written before is gone).
    func cursor(reserving bytes: Int) -> PDFCursor {
        if bytes > capacity {
            start.deallocate()
            capacity = max(bytes, 2 * capacity)
            start = .allocate(capacity: capacity)
        }
        return PDFCursor(start)
    }

    /// What `cursor` wrote since ``cursor(reserving:)`` gave it.
    func written(_ cursor: PDFCursor) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: start, count: cursor.at - start)
    }
}
