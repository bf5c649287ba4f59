import LedgerPressCrypto

/// One PDF file written front to back: each object goes out as soon as it is set (in any order of numbers), the
/// file keeps only its bytes and where each object went, for the cross-reference; the `/ID` is a hash of the
/// objects in the order written, each body followed by a line feed, packed or not (never a clock or a random
/// number).
///
/// Small dictionaries that come by the thousand (a statement's structure elements: one per table cell) can be
/// packed (``pack(_:bytes:)``) into object streams of ``packCount`` objects, deflated like any stream: a 5,000-line
/// statement's 35,000 elements are 4.9 MB as plain objects. A file with packed objects ends with a cross-reference
/// stream (PDF 1.5, allowed by PDF/A-2 and -3) instead of the classic table, which cannot point into a stream.
struct PDFFile {
    private var out: [UInt8] = Array("%PDF-1.7\n%".utf8) + [0xE2, 0xE3, 0xCF, 0xD3, 0x0A]
    /// Where each object is: its offset in `out`, or its object stream and its index there; nil until written.
    private var places: [Place?] = []
    private var hash = SHA256()
    /// Objects packed and not yet written in an object stream: their numbers and their bodies' offsets in `packed`.
    private var pending: [(number: Int, offset: Int)] = []
    /// The packed bodies, each followed by a line feed, as the object stream holds them.
    private var packed: [UInt8] = []
    /// How many bytes of `packed` ``hash`` has taken: the bodies packed since are hashed in one call before the
    /// next object's bytes (a statement packs hundreds).
    private var packedHashed = 0
    /// What compresses the file's streams: ISA-L the writer's own drawing and glyph data, the object streams and the
    /// cross-reference stream; libdeflate any stream that may hold ledger text (``stream(_:_:raw:)``).
    let compressors: Compressors

    /// Objects per object stream: a reader looking up one element inflates at most this many.
    static let packCount = 200

    private enum Place {
        case at(Int)
        case packed(stream: Int, index: Int)
    }

    /// A file whose streams `compressors` compress (new ones when nil).
    init(compressors: Compressors? = nil) throws {
        self.compressors = try compressors ?? Compressors()
    }

    /// The two compressors of a file (``IGzip``, ``Deflate``), taken from a writer's ``Pool`` by each document it
    /// writes: their tables are allocated once per thread writing, not once per document.
    final class Compressors: Sendable {
        let fast: IGzip
        let text: Deflate

        init() throws {
            fast = IGzip()
            text = try Deflate()
        }
    }

    /// A number for an object written later (``set(_:_:)``).
    mutating func reserve() -> Int {
        places.append(nil)
        return places.count
    }

    mutating func set(_ number: Int, _ body: String) {
        var body = body
        body.withUTF8 { set(number, buffer: UnsafeRawBufferPointer($0)) }
    }

    /// Writes object `number` (reserved, not yet written) with `bytes` as its body.
    mutating func set(_ number: Int, bytes: [UInt8]) {
        bytes.withUnsafeBytes { set(number, buffer: $0) }
    }

    /// Writes object `number` with `buffer` as its body; ``hash`` takes the body and the line feed after it, or
    /// `hashed` instead of the body when given.
    private mutating func set(_ number: Int, buffer: UnsafeRawBufferPointer, hashed: UnsafeRawBufferPointer? = nil) {
        precondition(places[number - 1] == nil, "PDF object \(number) written twice")
        places[number - 1] = .at(out.count)
        out.pdf(number)
        out.pdf(" 0 obj\n")
        hashPacked()
        let body = out.count
        out.append(contentsOf: buffer)
        out.pdf("\nendobj\n")
        if let hashed {
            hash.update(bufferPointer: hashed)
            hash.update(data: [UInt8(0x0A)])
            return
        }
        out.withUnsafeBytes {
            hash.update(bufferPointer: UnsafeRawBufferPointer(rebasing: $0[body...(body + buffer.count)]))
        }
    }

    /// Object `number` (reserved, not yet written), a dictionary without streams or indirect lengths, packed into
    /// the next object stream; the stream is written once ``packCount`` objects wait (and at the end).
    mutating func pack(_ number: Int, bytes: [UInt8]) throws {
        try bytes.withUnsafeBufferPointer { try pack(number, body: $0) }
    }

    /// ``pack(_:bytes:)`` of the bytes at `body` (a ``CursorScratch``'s).
    mutating func pack(_ number: Int, body: UnsafeBufferPointer<UInt8>) throws {
        precondition(places[number - 1] == nil, "PDF object \(number) written twice")
        // Marked written now (stream 0: not yet known); ``writePacked()`` gives the stream's number.
        places[number - 1] = .packed(stream: 0, index: pending.count)
        pending.append((number, packed.count))
        packed.append(contentsOf: body)
        packed.append(0x0A)
        if pending.count == PDFFile.packCount { try writePacked() }
    }

    /// The packed bodies not yet hashed, into ``hash``.
    private mutating func hashPacked() {
        guard packedHashed < packed.count else { return }
        packed.withUnsafeBytes { hash.update(bufferPointer: UnsafeRawBufferPointer(rebasing: $0[packedHashed...])) }
        packedHashed = packed.count
    }

    /// The waiting packed objects as one object stream: `number offset` pairs, then the bodies.
    private mutating func writePacked() throws {
        guard !pending.isEmpty else { return }
        hashPacked()
        let stream = reserve()
        var data: [UInt8] = []
        data.reserveCapacity(pending.count * 12 + packed.count)
        data.pdf(reserving: pending.count * (2 * PDFCursor.mostNumberBytes + 2) + 1) { out in
            for (index, object) in pending.enumerated() {
                if index > 0 { out.byte(0x20) }
                out.int(object.number)
                out.byte(0x20)
                out.int(object.offset)
            }
            out.byte(0x0A)
        }
        for (index, object) in pending.enumerated() {
            places[object.number - 1] = .packed(stream: stream, index: index)
        }
        let first = data.count
        data += packed
        let deflated = try compressors.fast.zlib(data)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(deflated.count + 96)
        bytes.pdf("<</Type /ObjStm /N ")
        bytes.pdf(pending.count)
        bytes.pdf(" /First ")
        bytes.pdf(first)
        bytes.pdf(" /Filter /FlateDecode /Length ")
        bytes.pdf(deflated.count)
        bytes.pdf(">>\nstream\n")
        bytes += deflated
        bytes.pdf("\nendstream")
        // The stream's own bytes are not hashed: its objects were, when packed.
        places[stream - 1] = .at(out.count)
        out.pdf(stream)
        out.pdf(" 0 obj\n")
        out += bytes
        out.pdf("\nendobj\n")
        pending.removeAll(keepingCapacity: true)
        packed.removeAll(keepingCapacity: true)
        packedHashed = 0
    }

    /// A new object holding `body`.
    mutating func add(_ body: String) -> Int {
        let number = reserve()
        set(number, body)
        return number
    }

    /// Drawing streams shorter than this are written as they are (``stream(_:drawing:)``): a page's number (about
    /// 170 bytes) or a small `CIDToGIDMap` saves a few dozen bytes deflated, and each deflate call costs about as
    /// much as deflating a kilobyte (libdeflate sets up its hash table and Huffman codes for every stream).
    static let smallStream = 512

    /// A new stream object: `dictionary` (without `/Length` and `/Filter`) and `data` (which may hold ledger text:
    /// the attachment), deflated by libdeflate unless `raw`. (ISA-L writes a short stream that does not compress as
    /// a stored block, its bytes as they are; libdeflate's fastest level sets such text with Huffman codes.)
    mutating func stream(_ dictionary: String, _ data: [UInt8], raw: Bool = false) throws -> Int {
        let number = reserve()
        write(number, dictionary, raw ? data : try compressors.text.zlib(data), deflated: !raw)
        return number
    }

    /// A new stream object of the writer's own drawing or glyph data (a content stream, a `CIDToGIDMap`, a ToUnicode
    /// map: never ledger text, which reaches a content stream only as glyph codes and a ToUnicode map as hex), kept
    /// as it is when shorter than ``smallStream``, else compressed by ISA-L.
    mutating func stream(_ dictionary: String, drawing data: [UInt8]) throws -> Int {
        let number = reserve()
        let raw = data.count < PDFFile.smallStream
        write(number, dictionary, raw ? data : try compressors.fast.zlib(data), deflated: !raw)
        return number
    }

    /// A new stream object whose `data` is already zlib-compressed (``Deflate/zlib(_:)``), written as it is.
    mutating func stream(_ dictionary: String, deflated data: [UInt8]) -> Int {
        let number = reserve()
        write(number, dictionary, data, deflated: true)
        return number
    }

    /// ``stream(_:deflated:)`` of data that every document embeds (a font subset, the sRGB profile) with its
    /// SHA-256 (`digest`), made once: ``hash`` takes the digest instead of the data (tens of kilobytes per
    /// document).
    mutating func stream(_ dictionary: String, deflated data: [UInt8], digest: [UInt8]) -> Int {
        let number = reserve()
        write(number, dictionary, data, deflated: true, digest: digest)
        return number
    }

    private mutating func write(
        _ number: Int, _ dictionary: String, _ body: [UInt8], deflated: Bool, digest: [UInt8]? = nil
    ) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(body.count + dictionary.utf8.count + 64)
        bytes.pdf("<<")
        bytes.append(contentsOf: dictionary.utf8)
        if deflated { bytes.pdf(" /Filter /FlateDecode") }
        bytes.pdf(" /Length ")
        bytes.pdf(body.count)
        bytes.pdf(">>\nstream\n")
        // The dictionary and the data's digest, for the hash.
        let hashed = digest.map { bytes + $0 }
        bytes += body
        bytes.pdf("\nendstream")
        guard let hashed else { return set(number, bytes: bytes) }
        bytes.withUnsafeBytes { buffer in
            hashed.withUnsafeBytes { set(number, buffer: buffer, hashed: $0) }
        }
    }

    /// The file: header, objects (`null` for any reserved and never written), then the cross-reference table and
    /// trailer with `/Root`, `/Info` and `/ID`, or, when objects were packed, a cross-reference stream holding the
    /// same keys.
    mutating func bytes(root: Int, info: Int) throws -> [UInt8] {
        try writePacked()
        for number in places.indices where places[number] == nil { set(number + 1, "null") }
        hashPacked()
        let id = hash.finalize().prefix(16).map { PDFText.hexByte($0) }.joined()
        let hasPacked = places.contains {
            if case .packed = $0 { return true }
            return false
        }
        if hasPacked { return try withCrossReferenceStream(root: root, info: info, id: id) }
        let xref = out.count
        out.reserveCapacity(out.count + 20 * (places.count + 1) + 200)
        out.pdf("xref\n0 ")
        out.pdf(places.count + 1)
        out.pdf("\n0000000000 65535 f \n")
        for place in places {
            // Ten digits, zero-padded.
            guard case .at(var value) = place else { preconditionFailure("a packed object in a classic table") }
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
            "trailer\n<</Size \(places.count + 1) /Root \(root) 0 R /Info \(info) 0 R /ID [<\(id)> <\(id)>]>>\n".utf8)
        out.pdf("startxref\n")
        out.pdf(xref)
        out.pdf("\n%%EOF\n")
        return out
    }

    /// The end of a file with packed objects: a cross-reference stream (`/W [1 4 2]`: type, offset or object stream,
    /// generation or index), itself its last entry, deflated.
    private mutating func withCrossReferenceStream(root: Int, info: Int, id: String) throws -> [UInt8] {
        let number = places.count + 1
        let xref = out.count
        var entries: [UInt8] = []
        entries.reserveCapacity(7 * (number + 1))
        func entry(_ type: UInt8, _ field: Int, _ third: Int) {
            entries.append(type)
            for shift in stride(from: 24, through: 0, by: -8) {
                entries.append(UInt8(truncatingIfNeeded: field >> shift))
            }
            entries.append(UInt8(truncatingIfNeeded: third >> 8))
            entries.append(UInt8(truncatingIfNeeded: third))
        }
        entry(0, 0, 0xFFFF)
        for place in places {
            switch place {
            case .at(let offset): entry(1, offset, 0)
            case .packed(let stream, let index): entry(2, stream, index)
            case nil: preconditionFailure("every object is written before the cross-reference")
            }
        }
        entry(1, xref, 0)
        let deflated = try compressors.fast.zlib(entries)
        out.pdf(number)
        out.pdf(" 0 obj\n")
        out += Array(
            ("<</Type /XRef /Size \(number + 1) /W [1 4 2] /Root \(root) 0 R /Info \(info) 0 R "
                + "/ID [<\(id)> <\(id)>] /Filter /FlateDecode /Length \(deflated.count)>>\nstream\n").utf8)
        out += deflated
        out.pdf("\nendstream\nendobj\n")
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
        var out: [UInt8] = []
        append(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// ``string(_:)`` appended to `out`: four hex digits per UTF-16 unit, without a String per digit.
    static func append(_ text: String, to out: inout [UInt8]) {
        out.reserveCapacity(out.count + 6 + 4 * text.utf16.count)
        out.pdf("<FEFF")
        for unit in text.utf16 { out.pdfHex4(UInt32(unit)) }
        out.pdf(">")
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
