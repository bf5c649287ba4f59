/// The codes (CIDs) a document's content streams draw glyphs with, per face: given in the order the glyphs are first
/// drawn (0 stays glyph 0), so that a page can be written before the subsets exist; each font's `CIDToGIDMap` maps
/// them to the subset's glyph ids at the end.
struct GlyphCodes {
    /// Per face, each drawn glyph's code.
    private(set) var codes: [Int: [UInt32: UInt32]] = [:]
    /// Per face, the glyph of each code (index = code).
    private(set) var glyphs: [Int: [UInt32]] = [:]

    mutating func code(face: Int, glyph: UInt32) -> UInt32 {
        if glyph == 0 { return 0 }
        if let code = codes[face]?[glyph] { return code }
        var list = glyphs[face] ?? [0]
        let code = UInt32(list.count)
        list.append(glyph)
        glyphs[face] = list
        codes[face, default: [0: 0]][glyph] = code
        return code
    }
}

extension NativePDFWriter {
    /// A page's content stream: its operations, glyphs drawn with their codes (`codes`, which gives new glyphs
    /// theirs).
    func contentStream(_ ops: [PageLayout.Op], codes: inout GlyphCodes) -> [UInt8] {
        var out = ""
        out.reserveCapacity(ops.count * 40)
        func n(_ value: Float) -> String { PDFNumber.format(value) }
        for op in ops {
            switch op {
            case .text(let run, let x, let y):
                let face = book.faces[run.face]
                let perThousand = 1000 / run.size
                out += "BT /F\(run.face) \(n(run.size)) Tf \(n(x)) \(n(y)) Td "
                var rise: Float = 0
                var pen: Float = 0
                var open = false
                for glyph in run.glyphs {
                    if glyph.y != rise {
                        if open { out += "] TJ " }
                        open = false
                        rise = glyph.y
                        out += "\(n(rise)) Ts "
                    }
                    if !open {
                        out += "["
                        open = true
                    }
                    let shift = (pen - glyph.x) * perThousand
                    if abs(shift) >= 0.5 { out += "\(Int(shift.rounded())) " }
                    let advance = (Float(face.advance(glyph.id)) * 1000 / Float(face.unitsPerEm)).rounded()
                    pen = glyph.x + advance / perThousand
                    out += "<\(PDFNumber.hex4(codes.code(face: run.face, glyph: glyph.id)))>"
                }
                if open { out += "] TJ" }
                if rise != 0 { out += " 0 Ts" }
                out += " ET\n"
            case .begin(let tag, let mcid):
                out += "/\(tag) <</MCID \(mcid)>> BDC\n"
            case .artifact(let kind):
                out += "/Artifact <</Type \(kind)>> BDC\n"
            case .end:
                out += "EMC\n"
            case .fill(let r, let g, let b, let rects):
                guard !rects.isEmpty else { continue }
                // In its own graphics state: the colour never reaches the text drawn after it (black).
                out += "q \(n(r)) \(n(g)) \(n(b)) rg\n"
                for rect in rects { out += "\(n(rect.0)) \(n(rect.1)) \(n(rect.2)) \(n(rect.3)) re\n" }
                out += "f Q\n"
            case .rule(let x1, let y1, let x2, let y2, let width, let gray):
                let color = "\(n(gray)) \(n(gray)) \(n(gray)) RG"
                out += "q \(n(width)) w \(color) \(n(x1)) \(n(y1)) m \(n(x2)) \(n(y2)) l S Q\n"
            }
        }
        return Array(out.utf8)
    }
}
