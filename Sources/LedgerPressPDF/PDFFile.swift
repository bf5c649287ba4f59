import LedgerPressCrypto

/// One PDF file written front to back: each object goes out as soon as it is set (in any order of numbers), the
/// file keeps only its bytes and the objects' offsets for the cross-reference table; the trailer's `/ID` is a hash
/// of the objects in the order written (never a clock or a random number).
struct PDFFile {
    private var out: [UInt8] = Array("%PDF-1.7\n%".utf8) + [0xE2, 0xE3, 0xCF, 0xD3, 0x0A]
    /// Each object's offset in `out`; nil until it is written.
    private var offsets: [Int?] = []
    private var hash = SHA256()
    let deflate: Deflate

    init() throws {
        deflate = try Deflate()
    }

    /// A number for an object written later (``set(_:_:)``).
    mutating func reserve() -> Int {
        offsets.append(nil)
        return offsets.count
    }

    mutating func set(_ number: Int, _ body: String) {
        var body = body
        body.withUTF8 { set(number, buffer: UnsafeRawBufferPointer($0)) }
    }

    /// Writes object `number` (reserved, not yet written) with `bytes` as its body.
    mutating func set(_ number: Int, bytes: [UInt8]) {
        bytes.withUnsafeBytes { set(number, buffer: $0) }
    }

    private mutating func set(_ number: Int, buffer: UnsafeRawBufferPointer) {
        precondition(offsets[number - 1] == nil, "PDF object \(number) written twice")
        offsets[number - 1] = out.count
        out.pdf(number)
        out.pdf(" 0 obj\n")
        hash.update(bufferPointer: buffer)
        out.append(contentsOf: buffer)
        out.pdf("\nendobj\n")
    }

    /// A new object holding `body`.
    mutating func add(_ body: String) -> Int {
        let number = reserve()
        set(number, body)
        return number
    }

    /// A new stream object: `dictionary` (without `/Length` and `/Filter`) and `data`, deflated unless `raw`.
    mutating func stream(_ dictionary: String, _ data: [UInt8], raw: Bool = false) throws -> Int {
        let number = reserve()
        try setStream(number, dictionary, data, raw: raw)
        return number
    }

    mutating func setStream(_ number: Int, _ dictionary: String, _ data: [UInt8], raw: Bool = false) throws {
        write(number, dictionary, raw ? data : try deflate.zlib(data), deflated: !raw)
    }

    /// A new stream object whose `data` is already zlib-compressed (``Deflate/zlib(_:)``): the same object as
    /// ``stream(_:_:raw:)`` of the uncompressed bytes, without compressing them again.
    mutating func stream(_ dictionary: String, deflated data: [UInt8]) -> Int {
        let number = reserve()
        write(number, dictionary, data, deflated: true)
        return number
    }

    private mutating func write(_ number: Int, _ dictionary: String, _ body: [UInt8], deflated: Bool) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(body.count + dictionary.utf8.count + 64)
        bytes.pdf("<<")
        bytes.append(contentsOf: dictionary.utf8)
        if deflated { bytes.pdf(" /Filter /FlateDecode") }
        bytes.pdf(" /Length ")
        bytes.pdf(body.count)
        bytes.pdf(">>\nstream\n")
        bytes += body
        bytes.pdf("\nendstream")
        set(number, bytes: bytes)
    }

    /// The file: header, objects (`null` for any reserved and never written), cross-reference table and trailer
    /// with `/Root` and `/Info`.
    mutating func bytes(root: Int, info: Int) -> [UInt8] {
        for number in offsets.indices where offsets[number] == nil { set(number + 1, "null") }
        let id = hash.finalize().prefix(16).map { PDFText.hexByte($0) }.joined()
        let xref = out.count
        out.reserveCapacity(out.count + 20 * (offsets.count + 1) + 200)
        out.pdf("xref\n0 ")
        out.pdf(offsets.count + 1)
        out.pdf("\n0000000000 65535 f \n")
        for offset in offsets {
            // Ten digits, zero-padded.
            var value = offset ?? 0
            let end = out.count + 10
            out.pdf("0000000000")
            var index = end - 1
            while value > 0 {
                out[index] = UInt8(0x30 + value % 10)
                value /= 10
                index -= 1
            }
            out.pdf(" 00000 n \n")
        }
        out += Array(
            "trailer\n<</Size \(offsets.count + 1) /Root \(root) 0 R /Info \(info) 0 R /ID [<\(id)> <\(id)>]>>\n".utf8)
        out.pdf("startxref\n")
        out.pdf(xref)
        out.pdf("\n%%EOF\n")
        return out
    }
}

/// Text inside PDF syntax, always written so that it cannot end its string or name: text strings as UTF-16BE hex
/// (`<FEFF...>`), dates in PDF form.
enum PDFText {
    static func hexByte(_ byte: UInt8) -> String {
        String(decoding: [PDFNumber.hexDigit(UInt32(byte >> 4)), PDFNumber.hexDigit(UInt32(byte))], as: UTF8.self)
    }

    /// `text` as a PDF text string in UTF-16BE with its byte order mark, hex-encoded: any character, no escaping.
    static func string(_ text: String) -> String {
        var out = "<FEFF"
        for unit in text.utf16 {
            out += hexByte(UInt8(unit >> 8)) + hexByte(UInt8(unit & 0xFF))
        }
        return out + ">"
    }

    /// `2026-10-31T23:59:59+00:00` as `D:20261031235959+00'00'`.
    static func date(_ rfc3339: String) -> String {
        let digits = rfc3339.prefix(19).filter(\.isNumber)
        return "D:" + digits + "+00'00'"
    }

    /// `text` with `&`, `<`, `>` and quotes escaped for XML (the XMP packet).
    static func xml(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default:
                // Control characters are not allowed in XML 1.0: their pictures instead.
                if scalar.value < 0x20, scalar != "\n", scalar != "\t" {
                    out.unicodeScalars.append(Unicode.Scalar(0x2400 + scalar.value) ?? "?")
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
