import Foundation
import LedgerPressCrypto
import Testing

@testable import LedgerPressPDF

/// PDF syntax written as bytes (content streams, object headers, the cross-reference table) is the text the
/// String forms give, byte for byte: the writer's output does not change with how it is made.
@Suite struct PDFBytesTests {
    static let floats: [Float] =
        [0, -0, 0.004, 0.005, -0.004, -0.005, 0.5, -0.5, 1, -1, 1.5, 2.25, 9.99, 10.01, 99.995, 595.276, 841.89, -28.3]
        + (0..<2000).map { Float($0) * 0.37 - 300 }

    @Test func decimalsAreWhatPDFNumberFormatWrites() {
        for value in PDFBytesTests.floats {
            var out: [UInt8] = []
            out.pdf(value)
            #expect(String(decoding: out, as: UTF8.self) == PDFNumber.format(value), "\(value)")
        }
    }

    @Test func integersAreTheirDecimalText() {
        for value in [0, 1, -1, 9, 10, -10, 99, 100, 12_345, -987_654, Int(Int32.max), -Int(Int32.max)] {
            var out: [UInt8] = [0x41]
            out.pdf(value)
            #expect(String(decoding: out, as: UTF8.self) == "A" + String(value))
        }
    }

    @Test func hexCodesAreWhatHex4Writes() {
        for value: UInt32 in [0, 1, 9, 10, 15, 16, 0xABCD, 0xFFFF, 0x1_2345, 0xFFFF_FFFF] {
            var out: [UInt8] = []
            out.pdfHex4(value)
            #expect(String(decoding: out, as: UTF8.self) == PDFNumber.hex4(value))
        }
        #expect(PDFText.hexByte(0x0F) == "0F")
        #expect(PDFText.hexByte(0xA0) == "A0")
    }

    /// Every code, whatever its two bytes, is read back from its literal string: a byte that would end the
    /// string, escape the next or be read as another is escaped, and none takes more than two bytes.
    @Test func everyCodeIsReadBackFromItsLiteralString() {
        for value in UInt32(0)...0xFFFF {
            let written = Self.cursor { cursor in
                cursor.byte(0x28)
                cursor.code(value)
                cursor.byte(0x29)
            }
            #expect(written.count <= 6)
            let read = CompactStreamTests.strings(written)
            #expect(read == [[UInt8(value >> 8), UInt8(value & 0xFF)]], "\(value)")
            // Nothing but the string's own parentheses is left unescaped, and no raw line end.
            let inside = written.dropFirst().dropLast()
            var escaped = false
            for byte in inside {
                if escaped {
                    escaped = false
                    continue
                }
                if byte == 0x5C {
                    escaped = true
                    continue
                }
                #expect(![0x28, 0x29, 0x0D, 0x0A].contains(byte), "\(value)")
            }
        }
    }

    /// What ``PDFCursor`` writes, within ``PDFCursor/mostNumberBytes`` per number.
    static func cursor(_ body: (inout PDFCursor) -> Void) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: 64) { buffer, count in
            guard let start = buffer.baseAddress else { return }
            var cursor = PDFCursor(start)
            body(&cursor)
            count = cursor.at - start
        }
    }

    @Test func theCursorWritesTheBytesOfTheArrayForms() {
        var integers = [0, 1, -1, 9, 10, -10, 99, 100, 12_345, -987_654, Int(Int32.max), Int.max, -Int.max]
        var power = 1
        for _ in 0..<18 {
            power *= 10
            integers += [power - 1, power, -power]
        }
        for value in integers {
            var out: [UInt8] = []
            out.pdf(value)
            #expect(Self.cursor { $0.int(value) } == out, "\(value)")
            #expect(out.count <= PDFCursor.mostNumberBytes)
            out = []
            out.pdf(hundredths: value)
            #expect(Self.cursor { $0.hundredths(value) } == out, "\(value) hundredths")
            #expect(out.count <= PDFCursor.mostNumberBytes)
        }
        for value in PDFBytesTests.floats {
            var out: [UInt8] = []
            out.pdf(value)
            #expect(Self.cursor { $0.number(value) } == out, "\(value)")
        }
        for value: UInt32 in [0, 1, 9, 10, 15, 16, 0xABCD, 0xFFFF, 0x1_2345] {
            var out: [UInt8] = []
            out.pdfHex4(value)
            #expect(Self.cursor { $0.hex4(value) } == out)
        }
        let text = Self.cursor { cursor in
            cursor.text("] TJ ")
            cursor.utf8("Sü")
            cursor.byte(0x0A)
        }
        #expect(text == Array("] TJ Sü\n".utf8))
    }

    /// Operations at their longest: every glyph raised or lowered and kerned far from the pen, numbers of many digits,
    /// long tags; each fits in what ``PageLayout/Op/mostBytes`` reserves for it, alone and after a text.
    @Test func eachOperationFitsInTheBytesReservedForIt() throws {
        let writer = try NativePDFWriter()
        var glyphs: [TextShaper.Placed] = []
        for index in 0..<40 {
            let x = Float(index) * -12_345.67
            let y: Float = index % 2 == 0 ? -98_765.43 : 87_654.32
            glyphs.append(TextShaper.Placed(id: UInt32(36 + index), x: x, y: y))
        }
        let run = TextShaper.Run(face: 4, size: 1, glyphs: glyphs, width: 1, level: 0)
        let far: Float = -987_654_321
        let ops: [PageLayout.Op] = [
            .text(run, x: far, y: -far), .text(run, x: -far, y: far),
            .begin(tag: String(repeating: "Tag", count: 50), mcid: Int(Int32.max)),
            .artifact("/Pagination /Subtype /Header"), .end,
            .fill(r: far, g: -far, b: 0.333, (0..<20).map { _ in (far, -far, far, -far) }),
            .rule(x1: far, y1: -far, x2: far, y2: -far, width: far, gray: -far),
        ]
        var total = PDFCursor.mostBytes("ET\n")
        for op in ops {
            var codes = GlyphCodes()
            let alone = writer.contentStream([op], codes: &codes)
            #expect(alone.count <= op.mostBytes + PDFCursor.mostBytes("ET\n"), "\(op)")
            codes = GlyphCodes()
            let afterText = writer.contentStream([.text(run, x: 1, y: 1), op], codes: &codes)
            let text = writer.contentStream([.text(run, x: 1, y: 1)], codes: &codes)
            #expect(afterText.count - text.count <= op.mostBytes + PDFCursor.mostBytes("ET\n"), "\(op) after a text")
            total += op.mostBytes
        }
        var codes = GlyphCodes()
        let stream = writer.contentStream(ops, codes: &codes)
        #expect(stream.count <= total)
        // Every glyph of the run drawn with a code of its own, given in order of first use, each raised and kerned.
        #expect(codes.glyphs[4] == [0] + glyphs.map { $0.id })
        #expect(String(decoding: stream, as: UTF8.self).contains(" Ts [(\u{0}\u{1})] TJ 87654.32 Ts [1"))
    }

    @Test func aStreamDeflatedBeforehandIsTheSameObjectAsOneDeflatedByTheFile() throws {
        let data = (0..<5000).map { UInt8(truncatingIfNeeded: $0 * 7 % 251) }
        var once = try PDFFile()
        _ = try once.stream(" /N 3", data)
        var before = try PDFFile()
        _ = before.stream(" /N 3", deflated: try Deflate().zlib(data))
        #expect(try once.bytes(root: 1, info: 1) == before.bytes(root: 1, info: 1))
    }

    /// Data every document embeds (a font subset, the sRGB profile) counts in `/ID` by its digest: the same object
    /// as the data hashed whole, a different `/ID`, the same one for the same data, another for other data.
    @Test func aStreamKeptForEveryDocumentCountsInTheIDByItsDigest() throws {
        let data = try Deflate().zlib((0..<5000).map { UInt8(truncatingIfNeeded: $0 * 7 % 251) })
        let other = try Deflate().zlib((0..<5000).map { UInt8(truncatingIfNeeded: $0 * 11 % 251) })
        func file(_ data: [UInt8], digest: Bool) throws -> String {
            var file = try PDFFile()
            if digest {
                _ = file.stream(" /N 3", deflated: data, digest: SHA256.hash(data: data))
            } else {
                _ = file.stream(" /N 3", deflated: data)
            }
            return String(decoding: try file.bytes(root: 1, info: 1), as: UTF8.self)
        }
        func withoutID(_ text: String) -> String {
            text.replacingOccurrences(
                of: #"/ID \[<[0-9A-F]{32}> <[0-9A-F]{32}>\]"#, with: "", options: .regularExpression)
        }
        let whole = try file(data, digest: false)
        let digested = try file(data, digest: true)
        #expect(withoutID(whole) == withoutID(digested) && whole != digested)
        #expect(digested == (try file(data, digest: true)))
        #expect(digested != (try file(other, digest: true)))
    }

    /// A document's streams (ISA-L, ``IGzip``) inflate back to their bytes, as qpdf reads them: text, bytes that do
    /// not compress (stored blocks), more than one 64 KB block, nothing; and a compressor reused for another
    /// document's streams (``IGzip/Pool``) writes the same bytes as a new one.
    @Test func aDocumentsStreamsInflateBackAndAReusedCompressorWritesTheSameBytes() throws {
        var seed: UInt64 = 46
        let noise = (0..<3000).map { _ -> UInt8 in
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: seed >> 56)
        }
        let cell = "/TD <</MCID 7>> BDC\n0 -10.14 Td (\u{0}\u{12}) Tj\nEMC\n"
        let text = Array(String(repeating: cell, count: 4000).utf8)
        let samples: [[UInt8]] = [Array("a,b\n1,2\n".utf8), noise, text, []]
        let reused = IGzip()
        for data in samples.reversed() { _ = try reused.zlib(data) }
        var file = try PDFFile()
        let catalog = file.reserve()
        let pages = file.add("<</Type /Pages /Kids [] /Count 0>>")
        var numbers: [Int] = []
        for data in samples {
            let compressed = try reused.zlib(data)
            #expect(compressed == (try IGzip().zlib(data)))
            numbers.append(file.stream(" /Type /Test", deflated: compressed))
        }
        file.set(catalog, "<</Type /Catalog /Pages \(pages) 0 R>>")
        let path = try NativePDFLayoutTests.file(try file.bytes(root: catalog, info: pages), "igzip.pdf")
        #expect(
            try NativePDFLayoutTests.poppler("qpdf", ["--check", path]).contains("No syntax or stream encoding errors"))
        for (data, number) in zip(samples, numbers) {
            let back = try NativePDFLayoutTests.output(
                "qpdf", ["--show-object=\(number)", "--filtered-stream-data", path])
            #expect(back == data, "object \(number): \(data.count) bytes in, \(back.count) back")
        }
    }

    /// A drawing stream shorter than ``PDFFile/smallStream`` (a page number) is kept as it is, a longer one
    /// deflated; any other stream (an attachment: ledger text) is deflated however short.
    @Test func aSmallStreamIsWrittenAsItIsAndALargerOneDeflated() throws {
        let small = Array("BT /F0 8 Tf 288.66 28 Td [<000f>] TJ\nET\n".utf8)
        let large = [UInt8](repeating: 0x41, count: PDFFile.smallStream)
        var file = try PDFFile()
        let first = try file.stream("", drawing: small)
        _ = try file.stream("", drawing: large)
        _ = try file.stream(" /Type /EmbeddedFile", Array("a,b\n".utf8))
        let bytes = try file.bytes(root: first, info: first)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("<< /Length \(small.count)>>\nstream\n" + String(decoding: small, as: UTF8.self)))
        #expect(text.components(separatedBy: "/FlateDecode").count == 3, "the large stream and the file:\n\(text)")
        #expect(!text.contains(String(decoding: large.prefix(16), as: UTF8.self)))
    }

    @Test func theCrossReferenceTablePadsEachOffsetToTenDigits() throws {
        var file = try PDFFile()
        let first = file.add("<<>>")
        _ = file.reserve()
        let text = String(decoding: try file.bytes(root: first, info: first), as: UTF8.self)
        #expect(text.contains("xref\n0 3\n0000000000 65535 f \n0000000015 00000 n \n00000000"))
        #expect(text.hasSuffix("%%EOF\n"))
        #expect(text.contains("trailer\n<</Size 3 /Root 1 0 R /Info 1 0 R /ID [<"))
    }

    /// Issue 46 (memory flat): packed objects go into object streams of ``PDFFile/packCount`` and the file ends with a
    /// cross-reference stream that finds each one, as qpdf reads it; the packed bodies count in `/ID` as plain
    /// objects' do, and a file without packed objects keeps the classic table.
    @Test func packedObjectsGoIntoObjectStreamsThatACrossReferenceStreamFinds() throws {
        func file(packing: Bool) throws -> [UInt8] {
            var file = try PDFFile()
            let catalog = file.reserve()
            let pages = file.add("<</Type /Pages /Kids [] /Count 0>>")
            for index in 0..<450 {
                let body = Array("<</Type /Test /Index \(index) /Text <FEFF0041>>>".utf8)
                if packing { try file.pack(file.reserve(), bytes: body) } else { file.set(file.reserve(), bytes: body) }
            }
            file.set(catalog, "<</Type /Catalog /Pages \(pages) 0 R>>")
            return try file.bytes(root: catalog, info: pages)
        }
        let packed = try file(packing: true)
        let plain = try file(packing: false)
        let text = String(decoding: packed, as: UTF8.self)
        #expect(text.components(separatedBy: "/Type /ObjStm /N ").count - 1 == 3)
        #expect(text.contains("/Type /ObjStm /N 200 ") && text.contains("/Type /ObjStm /N 50 "))
        #expect(text.contains("/Type /XRef /Size 457 /W [1 4 2] /Root 1 0 R /Info 2 0 R /ID [<"))
        #expect(!text.contains("\nxref\n") && !text.contains("trailer") && text.hasSuffix("%%EOF\n"))
        #expect(String(decoding: plain, as: UTF8.self).contains("trailer\n<</Size 453 "))
        // The same objects, the same /ID.
        func id(_ bytes: [UInt8]) -> Substring? {
            let text = String(decoding: bytes, as: UTF8.self)
            return text.range(of: "/ID [<").map { text[$0.upperBound...].prefix(32) }
        }
        #expect(id(packed) != nil && id(packed) == id(plain))
        // Object streams take numbers as they are written (203, 404, 455): the last packed object is 454.
        let path = try NativePDFLayoutTests.file(packed, "packed.pdf")
        #expect(
            try NativePDFLayoutTests.poppler("qpdf", ["--check", path]).contains("No syntax or stream encoding errors"))
        #expect(
            try NativePDFLayoutTests.poppler("qpdf", ["--show-object=3", path])
                == "<< /Index 0 /Text <feff0041> /Type /Test >>\n")
        #expect(try NativePDFLayoutTests.poppler("qpdf", ["--show-object=454", path]).contains("/Index 449 "))
    }
}
