import Foundation

/// What a PDF from Chromium's print-to-PDF needs before it is a statement's PDF: the same bytes for the same
/// statement, and the statement's file attached.
///
/// Chromium (Skia's PDF writer) stamps the document's `CreationDate` and `ModDate` with the clock, and names the
/// tagged structure's elements after the renderer's DOM node numbers (`(node00014303)`), which grow with every page
/// the browser has shown. Both are fixed-width, so they are replaced in place: the dates by the statement's
/// as-of time, the node names by their order of first appearance; no object moves and the cross-reference
/// table stays valid. The attachment is an incremental update appended after the file's end (ISO 32000-1,
/// 7.5.6): the embedded file, its file specification (`AFRelationship /Data`), and the catalog again with an
/// `EmbeddedFiles` name tree and `AF`, then a cross-reference section for those objects and a trailer with `Prev`.
enum ChromiumPDFFinish {
    struct Malformed: Error, CustomStringConvertible {
        var description: String
    }

    /// `pdf` with its dates set to `created` (`2026-10-31T23:59:59Z`), its structure names renumbered and
    /// `attachment` embedded.
    static func finish(_ pdf: Data, created: String, attachment: PDFEngine.Attachment) throws -> Data {
        var bytes = [UInt8](pdf)
        let date = try pdfDate(created)
        try stampDates(&bytes, date)
        renumberNodes(&bytes)
        try attach(&bytes, attachment, date: date)
        return Data(bytes)
    }

    /// `D:20261031235959+00'00'` (23 bytes, the width Skia writes) from a W3C UTC date.
    static func pdfDate(_ created: String) throws -> [UInt8] {
        let digits = created.filter(\.isNumber)
        guard digits.count == 14, created.hasSuffix("Z") else {
            throw Malformed(description: "expected a UTC date like 2026-10-31T23:59:59Z, got \(created)")
        }
        return Array("D:\(digits)+00'00'".utf8)
    }

    /// Replaces the value of every `/CreationDate (` and `/ModDate (` whose date has Skia's width.
    static func stampDates(_ bytes: inout [UInt8], _ date: [UInt8]) throws {
        var stamped = 0
        for key in ["/CreationDate (", "/ModDate ("] {
            for start in occurrences(of: Array(key.utf8), in: bytes) {
                let value = start + key.utf8.count
                guard value + date.count < bytes.count, bytes[value] == UInt8(ascii: "D"),
                    bytes[value + date.count] == UInt8(ascii: ")")
                else { continue }
                bytes.replaceSubrange(value..<value + date.count, with: date)
                stamped += 1
            }
        }
        guard stamped >= 2 else { throw Malformed(description: "no CreationDate and ModDate of the expected width") }
    }

    /// Renames `(node` + 8 digits + `)` in order of first appearance: `(node00000001)`, `(node00000002)`, …
    ///
    /// In place: the digits are read as a number (the key) and overwritten byte by byte, so the buffer is never
    /// copied and the memory it takes is the PDF's plus one dictionary entry per distinct node. (Keys that were
    /// slices of the buffer shared it, so every overwrite copied the whole file and each key kept its copy alive:
    /// memory grew with the file's size times its nodes.)
    static func renumberNodes(_ bytes: inout [UInt8]) {
        let prefix = Array("(node".utf8)
        var names: [Int: Int] = [:]
        let zero = UInt8(ascii: "0")
        for start in occurrences(of: prefix, in: bytes) {
            let digits = start + prefix.count
            guard digits + 8 < bytes.count, bytes[digits + 8] == UInt8(ascii: ")") else { continue }
            var key = 0
            var isNumber = true
            for index in digits..<digits + 8 {
                let byte = bytes[index]
                guard (0x30...0x39).contains(byte) else {
                    isNumber = false
                    break
                }
                key = key * 10 + Int(byte - zero)
            }
            guard isNumber else { continue }
            let number = names[key] ?? (names.count + 1)
            names[key] = number
            guard number <= 99_999_999 else { continue }
            var rest = number
            for index in stride(from: digits + 7, through: digits, by: -1) {
                bytes[index] = zero + UInt8(rest % 10)
                rest /= 10
            }
        }
    }

    /// Appends the incremental update that embeds `attachment`.
    static func attach(_ bytes: inout [UInt8], _ attachment: PDFEngine.Attachment, date: [UInt8]) throws {
        let trailer = try lastTrailer(bytes)
        let catalogText = try object(trailer.root, in: bytes, xref: trailer.xref)
        guard let open = catalogText.range(of: "<<"), let close = catalogText.range(of: ">>", options: .backwards),
            !catalogText.contains("/Names"), !catalogText.contains("/AF ")
        else { throw Malformed(description: "unexpected catalog: \(catalogText.prefix(200))") }
        let file = trailer.size
        let specification = trailer.size + 1
        var update: [UInt8] = Array("\n".utf8)
        var offsets: [(Int, Int)] = []
        func add(_ number: Int, _ body: [UInt8]) {
            offsets.append((number, bytes.count + update.count))
            update += Array("\(number) 0 obj\n".utf8) + body + Array("\nendobj\n".utf8)
        }
        let subtype = attachment.type.replacingOccurrences(of: "/", with: "#2F")
        // The file's bytes go in hexadecimal (ASCIIHexDecode): ledger text never stands raw in the PDF, so no
        // `endstream` or PDF syntax inside a description can mislead a lenient reader that scans for keywords.
        let hex = hexadecimal(attachment.bytes)
        add(
            file,
            Array(
                ("<</Type /EmbeddedFile /Subtype /\(subtype) /Filter /ASCIIHexDecode "
                    + "/Params <</Size \(attachment.bytes.count) /ModDate (").utf8)
                + date + Array(")>> /Length \(hex.count)>>\nstream\n".utf8) + hex + Array("\nendstream".utf8))
        let name = literal(attachment.name)
        add(
            specification,
            Array(
                ("<</Type /Filespec /F \(name) /UF \(name) /Desc \(literal(attachment.description)) "
                    + "/AFRelationship /Data /EF <</F \(file) 0 R /UF \(file) 0 R>>>>").utf8))
        let dictionary = catalogText[open.upperBound..<close.lowerBound]
        add(
            trailer.root,
            Array(
                ("<<\(dictionary) /Names <</EmbeddedFiles <</Names [\(name) \(specification) 0 R]>>>> "
                    + "/AF [\(specification) 0 R]>>").utf8))
        let xref = bytes.count + update.count
        var table = "xref\n0 1\n0000000000 65535 f \n"
        for (number, offset) in offsets.sorted(by: { $0.0 < $1.0 }) {
            table += "\(number) 1\n" + String(repeating: "0", count: 10 - String(offset).count) + "\(offset) 00000 n \n"
        }
        table += "trailer\n<</Size \(trailer.size + 2) /Root \(trailer.root) 0 R"
        table += trailer.info.map { " /Info \($0) 0 R" } ?? ""
        table += " /Prev \(trailer.xref)>>\nstartxref\n\(xref)\n%%EOF\n"
        bytes += update + Array(table.utf8)
    }

    /// `bytes` as hexadecimal digits, 64 to a line, ending in ASCIIHexDecode's end-of-data mark `>`.
    static func hexadecimal(_ bytes: Data) -> [UInt8] {
        let digits = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2 + bytes.count / 32 + 1)
        for (index, byte) in bytes.enumerated() {
            if index > 0 && index % 32 == 0 { out.append(UInt8(ascii: "\n")) }
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 15)])
        }
        out.append(UInt8(ascii: ">"))
        return out
    }

    /// A PDF literal string, `(…)`, with its parentheses and backslashes escaped and other bytes as they are.
    static func literal(_ text: String) -> String {
        "("
            + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "(", with: "\\(")
            .replacingOccurrences(of: ")", with: "\\)").replacingOccurrences(of: "\r", with: "\\r")
            .replacingOccurrences(of: "\n", with: "\\n") + ")"
    }

    struct Trailer {
        var size: Int
        var root: Int
        var info: Int?
        /// The offset of the cross-reference table.
        var xref: Int
    }

    /// The file's last trailer dictionary and `startxref`.
    static func lastTrailer(_ bytes: [UInt8]) throws -> Trailer {
        guard let at = occurrences(of: Array("trailer".utf8), in: bytes).last else {
            throw Malformed(description: "no trailer (a cross-reference stream?)")
        }
        let text = String(decoding: bytes[at...], as: UTF8.self)
        func number(after key: String) -> Int? {
            guard let range = text.range(of: key) else { return nil }
            return Int(text[range.upperBound...].drop { $0.isWhitespace }.prefix { $0.isNumber })
        }
        guard let size = number(after: "/Size"), let root = number(after: "/Root"),
            let xref = number(after: "startxref")
        else { throw Malformed(description: "a trailer without Size, Root or startxref") }
        return Trailer(size: size, root: root, info: number(after: "/Info"), xref: xref)
    }

    /// The text of object `number` (generation 0), found through the cross-reference section at `xref` (any of
    /// its subsections).
    static func object(_ number: Int, in bytes: [UInt8], xref: Int) throws -> String {
        guard xref < bytes.count else { throw Malformed(description: "startxref \(xref) is past the end") }
        let lines = String(decoding: bytes[xref...].prefix { $0 != UInt8(ascii: "t") }, as: UTF8.self)
            .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        guard lines.first == "xref" else { throw Malformed(description: "no xref table at \(xref)") }
        var offset: Int?
        var index = 1
        while index < lines.count, offset == nil {
            let section = lines[index].split(separator: " ").compactMap { Int($0) }
            guard section.count == 2 else { break }
            if section[0] <= number, number < section[0] + section[1], index + 1 + number - section[0] < lines.count {
                offset = Int(lines[index + 1 + number - section[0]].prefix(10))
            }
            index += 1 + section[1]
        }
        guard let offset else { throw Malformed(description: "object \(number) is not in the xref table") }
        let head = Array("\(number) 0 obj".utf8)
        guard offset + head.count < bytes.count, Array(bytes[offset..<offset + head.count]) == head,
            let end = occurrences(of: Array("endobj".utf8), in: bytes, from: offset, limit: 1).first
        else { throw Malformed(description: "object \(number) is not at offset \(offset)") }
        return String(decoding: bytes[(offset + head.count)..<end], as: UTF8.self)
    }

    /// Where `needle` starts in `bytes`, from `start` on (the first `limit` places).
    static func occurrences(of needle: [UInt8], in bytes: [UInt8], from start: Int = 0, limit: Int = .max) -> [Int] {
        guard let first = needle.first, bytes.count >= needle.count else { return [] }
        var found: [Int] = []
        var index = start
        let last = bytes.count - needle.count
        while index <= last && found.count < limit {
            if bytes[index] == first && bytes[index..<index + needle.count].elementsEqual(needle) {
                found.append(index)
                index += needle.count
            } else {
                index += 1
            }
        }
        return found
    }
}
