import Crypto

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

    mutating func set(_ number: Int, _ body: String) { set(number, bytes: Array(body.utf8)) }

    /// Writes object `number` (reserved, not yet written) with `bytes` as its body.
    mutating func set(_ number: Int, bytes: [UInt8]) {
        precondition(offsets[number - 1] == nil, "PDF object \(number) written twice")
        offsets[number - 1] = out.count
        out += Array("\(number) 0 obj\n".utf8)
        hash.update(data: bytes)
        out += bytes
        out += Array("\nendobj\n".utf8)
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
        let body = raw ? data : try deflate.zlib(data)
        var bytes = Array("<<\(dictionary)\(raw ? "" : " /Filter /FlateDecode") /Length \(body.count)>>\nstream\n".utf8)
        bytes += body
        bytes += Array("\nendstream".utf8)
        set(number, bytes: bytes)
    }

    /// The file: header, objects (`null` for any reserved and never written), cross-reference table and trailer
    /// with `/Root` and `/Info`.
    mutating func bytes(root: Int, info: Int) -> [UInt8] {
        for number in offsets.indices where offsets[number] == nil { set(number + 1, "null") }
        let id = hash.finalize().prefix(16).map { PDFText.hexByte($0) }.joined()
        let xref = out.count
        var table = "xref\n0 \(offsets.count + 1)\n0000000000 65535 f \n"
        for offset in offsets {
            let digits = String(offset ?? 0)
            table += String(repeating: "0", count: 10 - digits.count) + digits + " 00000 n \n"
        }
        table += "trailer\n<</Size \(offsets.count + 1) /Root \(root) 0 R /Info \(info) 0 R /ID [<\(id)> <\(id)>]>>\n"
        table += "startxref\n\(xref)\n%%EOF\n"
        out += Array(table.utf8)
        return out
    }
}

/// Text inside PDF syntax, always written so that it cannot end its string or name: text strings as UTF-16BE hex
/// (`<FEFF...>`), dates in PDF form.
enum PDFText {
    static func hexByte(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 15)]], as: UTF8.self)
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
