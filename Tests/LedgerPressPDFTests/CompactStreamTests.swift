import Foundation
import Testing

@testable import LedgerPressPDF

/// What a document's streams hold, made cheaper to write without changing what a reader draws or extracts: texts
/// share one text object (across the marked content around each, until a fill, a rule or a form) placed by
/// relative `Td`s that add up to each text's own position, codes share a literal string between kerning adjustments,
/// font subsets leave out the layout tables, and a document's streams are deflated at libdeflate's fastest level
/// (the sRGB profile, deflated once, at its default).
@Suite struct CompactStreamTests {
    /// The ops of two tagged paragraphs, each a few words in two weights, and a rule between them.
    static func ops(_ shaper: TextShaper) -> [PageLayout.Op] {
        func texts(_ text: String, style: FontBook.Style, size: Float, x: Float, y: Float) -> [PageLayout.Op] {
            let line = shaper.lines(shaper.words(text, style: style, size: size), width: 400)[0]
            return line.runs.map { .text($0.run, x: x + $0.x, y: y) }
        }
        return [.begin(tag: "P", mcid: 0)] + texts("Fuel at Shell", style: .regular, size: 9.5, x: 42, y: 757.48)
            + texts("Total", style: .bold, size: 9.5, x: 130.333, y: 757.48)
            + texts("$1,234.56", style: .regular, size: 9.5, x: 200.1, y: 757.48) + [.end]
            + [.rule(x1: 42, y1: 750, x2: 553, y2: 750, width: 0.5, gray: 0.8)]
            + [.begin(tag: "P", mcid: 1)] + texts("Wave AVA To", style: .regular, size: 8, x: 42.005, y: 740.195)
            + [.end]
    }

    /// Each `Td` of `stream`, as a position: absolute for a text object's first, else relative to the one before.
    static func positions(_ stream: String) -> [(x: Double, y: Double)] {
        var positions: [(x: Double, y: Double)] = []
        var previous: (x: Double, y: Double)?
        let tokens = stream.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
        for (index, token) in tokens.enumerated() {
            if token == "BT" { previous = nil }
            guard token == "Td", index >= 2, let x = Double(tokens[index - 2]), let y = Double(tokens[index - 1])
            else { continue }
            let position = previous.map { ($0.x + x, $0.y + y) } ?? (x, y)
            positions.append(position)
            previous = position
        }
        return positions
    }

    @Test func textsInARowShareOneTextObjectPlacedWhereEachTextIs() throws {
        let writer = try NativePDFWriter()
        let ops = Self.ops(try TextShaper(book: writer.book))
        var codes = GlyphCodes()
        let stream = String(decoding: writer.contentStream(ops, codes: &codes), as: UTF8.self)
        let lines = stream.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("BT ") }.count == 2, "one text object per paragraph:\n\(stream)")
        #expect(lines.filter { $0 == "ET" }.count == 2, "\(stream)")
        // Text objects and marked content nest: a text object holds a paragraph's marked content whole.
        #expect(Self.nests(stream), "\(stream)")
        #expect(stream.contains("BT /P <</MCID 0>> BDC\n"), "\(stream)")
        #expect(!stream.contains("ET\nBT"))
        // The font is set when it changes only: regular, bold, regular again, then regular at 8 points.
        let fontsSet = lines.flatMap { $0.split(separator: " ") }.filter { $0 == "Tf" }.count
        #expect(fontsSet == 4, "\(stream)")
        // The relative positions add up to each text's own, in hundredths of a point.
        let texts = ops.compactMap { op -> (Float, Float)? in
            if case .text(_, let x, let y) = op { return (x, y) }
            return nil
        }
        let placed = Self.positions(stream)
        #expect(placed.count == texts.count)
        for (index, (x, y)) in texts.enumerated() where index < placed.count {
            #expect(Int((placed[index].x * 100).rounded()) == PDFNumber.hundredths(x), "text \(index) x")
            #expect(Int((placed[index].y * 100).rounded()) == PDFNumber.hundredths(y), "text \(index) y")
        }
    }

    /// Whether the text objects (`BT`...`ET`) and marked-content sequences (`BDC`...`EMC`) of `stream` nest: each
    /// ends inside whatever was open when it began, none is left open, and no text object is inside another.
    static func nests(_ stream: String) -> Bool {
        var open: [Substring] = []
        for token in stream.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            switch token {
            case "BT":
                if open.contains("BT") { return false }
                open.append("BT")
            case "BDC": open.append("BDC")
            case "ET", "EMC":
                guard open.last == (token == "ET" ? "BT" : "BDC") else { return false }
                open.removeLast()
            default: continue
            }
        }
        return open.isEmpty
    }

    /// A stacked table's row: each cell's text in its own marked content, then the labels' form and a rule.
    @Test func aRowsCellsShareOneTextObjectThatEndsBeforeTheFormAndTheRule() throws {
        let writer = try NativePDFWriter()
        let shaper = try TextShaper(book: writer.book)
        func cell(_ text: String, mcid: Int, y: Float) -> [PageLayout.Op] {
            let line = shaper.lines(shaper.words(text, style: .regular, size: 7.8), width: 300)[0]
            return [.begin(tag: "TD", mcid: mcid)] + line.runs.map { .text($0.run, x: 192 + $0.x, y: y) } + [.end]
        }
        let ops =
            cell("2026-10-04 16:47", mcid: 0, y: 418.42) + cell("job_28", mcid: 1, y: 408.28)
            + cell("$53.52", mcid: 2, y: 398.14) + [.artifact("/Layout"), .form(0, x: 42, y: 418.42), .end]
            + [.artifact("/Layout"), .rule(x1: 42, y1: 390, x2: 553, y2: 390, width: 0.3, gray: 0.7), .end]
            + cell("2026-10-05 07:47", mcid: 3, y: 380.6)
        var codes = GlyphCodes()
        let stream = String(decoding: writer.contentStream(ops, codes: &codes), as: UTF8.self)
        #expect(Self.nests(stream), "\(stream)")
        let tokens = stream.split(whereSeparator: { $0 == " " || $0 == "\n" })
        // One text object for the row's three cells, one for the next row's cell; the font set once in each.
        #expect(tokens.filter { $0 == "BT" }.count == 2, "\(stream)")
        #expect(tokens.filter { $0 == "Tf" }.count == 2, "\(stream)")
        #expect(stream.contains("EMC\nET\n/Artifact"), "the text object ends before the form's artifact: \(stream)")
        // Each cell where it was: the second and third placed relative to the one before.
        let placed = Self.positions(stream)
        #expect(placed.count == 4)
        for (index, y) in [418.42, 408.28, 398.14, 380.6].enumerated() where index < placed.count {
            #expect(Int((placed[index].x * 100).rounded()) == 19_200, "cell \(index) x")
            #expect(Int((placed[index].y * 100).rounded()) == Int((y * 100).rounded()), "cell \(index) y")
        }
    }

    /// The literal strings of a content stream, their escapes read (`\(`, `\)`, `\\`, `\r`, `\n`).
    static func strings(_ stream: [UInt8]) -> [[UInt8]] {
        var strings: [[UInt8]] = []
        var index = 0
        while index < stream.count {
            guard stream[index] == 0x28 else {
                index += 1
                continue
            }
            var string: [UInt8] = []
            index += 1
            while index < stream.count, stream[index] != 0x29 {
                if stream[index] == 0x5C, index + 1 < stream.count {
                    index += 1
                    string.append([0x72: 0x0D, 0x6E: 0x0A][stream[index]] ?? stream[index])
                } else {
                    string.append(stream[index])
                }
                index += 1
            }
            strings.append(string)
            index += 1
        }
        return strings
    }

    @Test func codesBetweenTwoKerningAdjustmentsShareOneString() throws {
        let writer = try NativePDFWriter()
        let shaper = try TextShaper(book: writer.book)
        let run = shaper.words("Statement", style: .regular, size: 10)[0].runs[0]
        var codes = GlyphCodes()
        let bytes = writer.contentStream([.text(run, x: 10, y: 10)], codes: &codes)
        let stream = String(decoding: bytes, as: UTF8.self)
        #expect(!stream.contains(")("), "\(stream)")
        // Two bytes per glyph, its code (high byte first), in the order drawn.
        let drawn = Self.strings(bytes).flatMap { $0 }
        #expect(drawn.count == 2 * run.glyphs.count, "two bytes per glyph: \(stream)")
        let read = stride(from: 0, to: drawn.count - 1, by: 2).map { UInt32(drawn[$0]) << 8 | UInt32(drawn[$0 + 1]) }
        #expect(read == run.glyphs.map { codes.code(face: 0, glyph: $0.id) })
    }

    /// The tags of an sfnt file's table directory.
    static func tables(_ font: [UInt8]) -> Set<String> {
        let count = Int(font[4]) << 8 | Int(font[5])
        return Set(
            (0..<count).map { index in
                String(decoding: font[(12 + 16 * index)..<(16 + 16 * index)], as: UTF8.self)
            })
    }

    @Test func subsetsLeaveOutTheLayoutTablesAndKeepTheGlyphs() throws {
        let book = try FontBook()
        let shaper = try TextShaper(book: book)
        _ = shaper.words("Jürgen Größe-Weiß office ﬁ 0123456789 $€,.", style: .regular, size: 10)
        let glyphs = shaper.used[0].keys.sorted()
        let (font, ids) = try book.faces[0].subset(glyphs)
        let tables = Self.tables(font)
        #expect(tables.isDisjoint(with: ["GSUB", "GPOS", "GDEF", "kern"]), "\(tables.sorted())")
        #expect(tables.isSuperset(of: ["glyf", "loca", "head", "hhea", "hmtx", "maxp", "cmap"]), "\(tables.sorted())")
        #expect(Set(ids.keys) == Set(glyphs + [0]))
        #expect(Set(ids.values).count == ids.count, "each glyph its own id")
    }

    @Test func aDocumentsStreamsAreDeflatedFastAndTheProfileOnceAtTheDefault() throws {
        let data = Array(String(repeating: "BT /F0 9.50 Tf 42 757.48 Td [<0001>55 <00020003>] TJ\n", count: 50).utf8)
        let fast = try IGzip().zlib(data)
        // zlib's header names the level: 0x01 the fastest (ISA-L's level 0), 0x9C the default.
        #expect(fast.prefix(2) == [0x78, 0x01])
        #expect(fast.count < data.count / 10)
        #expect(try Deflate(level: 6).zlib(data).prefix(2) == [0x78, 0x9C])
        var file = try PDFFile()
        _ = try file.stream("", drawing: data)
        let bytes = try file.bytes(root: 1, info: 1)
        #expect(bytes.firstRange(of: [0x73, 0x74, 0x72, 0x65, 0x61, 0x6D, 0x0A] + fast) != nil, "the file's stream")
        let writer = try NativePDFWriter()
        #expect(writer.deflatedProfile.prefix(2) == [0x78, 0x9C])
        #expect(writer.deflatedProfile == (try Deflate(level: 6).zlib(writer.profile)))
    }

    /// The OutputIntent's profile (`/N 3`) is what PDF/A-3 asks of it: an ICC profile (its size as declared, the
    /// `acsp` signature) of version 4 or earlier, a display (`mntr`) or output (`prtr`) class, in RGB, and small
    /// (every PDF embeds it).
    @Test func theOutputIntentsProfileIsAnRGBDisplayProfileOfICCVersion4OrEarlier() throws {
        let profile = try NativePDFWriter().profile
        func field(_ offset: Int) -> String { String(decoding: profile[offset..<offset + 4], as: UTF8.self) }
        let size = profile[0..<4].reduce(0) { $0 << 8 | Int($1) }
        #expect(size == profile.count)
        #expect(field(36) == "acsp")
        #expect((2...4).contains(profile[8]), "version \(profile[8])")
        #expect(["mntr", "prtr"].contains(field(12)) && field(16) == "RGB " && field(20) == "XYZ ")
        #expect(try Deflate(level: 6).zlib(profile).count < 3_000)
    }
}
