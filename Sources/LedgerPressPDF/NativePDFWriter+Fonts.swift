import LedgerPressCrypto

extension NativePDFWriter {
    /// Face `face` cut down to the glyphs in `used` and written as a Type0 font (Identity-H) over a CIDFontType2
    /// whose CIDs are the codes the content streams drew with (`drawn`: the glyph of each code), mapped to the
    /// subset's glyph ids by a `CIDToGIDMap` stream, with the codes' widths and a ToUnicode map; returns the Type0
    /// font's object.
    func writeFont(
        face index: Int, used: [UInt32: String], drawn: [UInt32], preprocessed: Bool = true, into file: inout PDFFile
    ) throws -> Int {
        let face = book.faces[index]
        let key = SubsetCache.Key(face: index, glyphs: subsetGlyphs(face: index, used: used))
        func make() throws -> SubsetCache.Subset {
            let (bytes, ids) = try face.subset(key.glyphs, preprocessed: preprocessed)
            let name = NativePDFWriter.subsetTag(font: face.name, glyphs: key.glyphs) + "+" + face.name
            let deflated = try file.compressors.text.zlib(bytes)
            return SubsetCache.Subset(
                deflated: deflated, digest: SHA256.hash(data: deflated), length: bytes.count, ids: ids, name: name)
        }
        let subset = preprocessed ? try subsets.subset(key, make: make) : try make()
        let (ids, name) = (subset.ids, subset.name)
        let scale = 1000 / Float(face.unitsPerEm)
        let codes = drawn.isEmpty ? [0] : drawn
        var widths: [UInt8] = []
        widths.reserveCapacity(codes.count * 5)
        for (position, glyph) in codes.enumerated() {
            if position > 0 { widths.pdf(" ") }
            widths.pdf(Int((Float(face.advance(glyph)) * scale).rounded()))
        }
        var map: [UInt8] = []
        map.reserveCapacity(codes.count * 2)
        for glyph in codes {
            let new = ids[glyph] ?? 0
            map += [UInt8((new >> 8) & 0xFF), UInt8(new & 0xFF)]
        }
        let (ascender, descender) = face.extents
        let ascent = Int((Float(ascender) * scale).rounded())
        let descent = Int((Float(descender) * scale).rounded())
        let fontFile = file.stream(" /Length1 \(subset.length)", deflated: subset.deflated, digest: subset.digest)
        let descriptor = file.add(
            "<</Type /FontDescriptor /FontName /\(name) /Flags 4 /FontBBox [-1050 \(descent) 2000 \(ascent)] "
                + "/ItalicAngle 0 /Ascent \(ascent) /Descent \(descent) /CapHeight \(ascent) /StemV 80 "
                + "/FontFile2 \(fontFile) 0 R>>")
        let cidToGID = try file.stream("", drawing: map)
        let cidFont = file.add(
            "<</Type /Font /Subtype /CIDFontType2 /BaseFont /\(name) "
                + "/CIDSystemInfo <</Registry (Adobe) /Ordering (Identity) /Supplement 0>> "
                + "/FontDescriptor \(descriptor) 0 R /CIDToGIDMap \(cidToGID) 0 R /DW 1000 "
                + "/W [0 [\(String(decoding: widths, as: UTF8.self))]]>>"
        )
        let toUnicode = try file.stream("", drawing: NativePDFWriter.toUnicode(used: used, codes: codes))
        return file.add(
            "<</Type /Font /Subtype /Type0 /BaseFont /\(name) /Encoding /Identity-H "
                + "/DescendantFonts [\(cidFont) 0 R] /ToUnicode \(toUnicode) 0 R>>")
    }

    /// The glyphs face `index`'s subset keeps: those the document used, and for a style's own face (not a
    /// fallback) every glyph of the printable ASCII too (``FontBook/asciiGlyphs``), so that documents whose text is
    /// ASCII share one subset (``SubsetCache``); sorted.
    func subsetGlyphs(face index: Int, used: [UInt32: String]) -> [UInt32] {
        guard index < book.asciiGlyphs.count else { return used.keys.sorted() }
        let others = used.keys.filter { !book.asciiSets[index].contains($0) }
        return others.isEmpty ? book.asciiGlyphs[index] : (book.asciiGlyphs[index] + others).sorted()
    }

    /// Six capital letters from a hash of the font's name and glyph set: the same subset gets the same name.
    static func subsetTag(font: String, glyphs: [UInt32]) -> String {
        var hash = SHA256()
        hash.update(data: Array(font.utf8))
        for glyph in glyphs { hash.update(data: withUnsafeBytes(of: glyph.bigEndian) { Array($0) }) }
        let digest = Array(hash.finalize())
        return String(decoding: digest.prefix(6).map { UInt8(65 + Int($0) % 26) }, as: UTF8.self)
    }

    /// The ToUnicode CMap: each code (`codes`: the glyph of each) to the text its glyph stands for (UTF-16BE), in
    /// chunks of at most 100 codes.
    static func toUnicode(used: [UInt32: String], codes: [UInt32]) -> [UInt8] {
        var pairs: [(code: UInt32, text: String)] = []
        pairs.reserveCapacity(codes.count)
        for (code, glyph) in codes.enumerated() {
            guard let text = used[glyph], !text.isEmpty else { continue }
            pairs.append((UInt32(code), text))
        }
        var out: [UInt8] = []
        out.reserveCapacity(400 + pairs.count * 18)
        out.pdf(
            """
            /CIDInit /ProcSet findresource begin
            12 dict begin
            begincmap
            /CIDSystemInfo <</Registry (Adobe) /Ordering (UCS) /Supplement 0>> def
            /CMapName /Adobe-Identity-UCS def
            /CMapType 2 def
            1 begincodespacerange
            <0000> <FFFF>
            endcodespacerange

            """)
        // Each pair `<code> <text>`, through a cursor: at most this many bytes.
        var bound =
            (pairs.count / 100 + 1) * (PDFCursor.mostNumberBytes + PDFCursor.mostBytes(" beginbfchar\nendbfchar\n"))
        for pair in pairs { bound += PDFCursor.mostBytes("<XXXX> <>\n") + 4 * pair.text.utf16.count }
        out.pdf(reserving: bound) { cursor in
            var index = 0
            while index < pairs.count {
                let chunk = pairs[index..<min(index + 100, pairs.count)]
                cursor.int(chunk.count)
                cursor.text(" beginbfchar\n")
                for (code, text) in chunk {
                    cursor.byte(0x3C)
                    cursor.hex4(code)
                    cursor.text("> <")
                    for unit in text.utf16 { cursor.hex4(UInt32(unit)) }
                    cursor.text(">\n")
                }
                cursor.text("endbfchar\n")
                index += 100
            }
        }
        out.pdf("endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n")
        return out
    }
}

/// Numbers in content streams: at most two decimals, no exponent, the same text on every host.
enum PDFNumber {
    static func format(_ value: Float) -> String {
        let hundredths = Int((value * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = abs(hundredths)
        let fraction = magnitude % 100
        if fraction == 0 { return sign + String(magnitude / 100) }
        return sign + String(magnitude / 100) + "." + (fraction < 10 ? "0" : "") + String(fraction)
    }

    static func hex4(_ value: UInt32) -> String {
        PDFText.hexByte(UInt8((value >> 8) & 0xFF)) + PDFText.hexByte(UInt8(value & 0xFF))
    }
}
