extension NativePDFWriter {
    /// A page's content stream: its operations, glyph ids mapped to the subsets' (`glyphIDs` per face).
    func contentStream(_ ops: [PageLayout.Op], glyphIDs: [Int: [UInt32: UInt32]]) -> [UInt8] {
        var out = ""
        out.reserveCapacity(ops.count * 40)
        func n(_ value: Float) -> String { PDFNumber.format(value) }
        for op in ops {
            switch op {
            case .text(let run, let x, let y):
                let face = book.faces[run.face]
                let ids = glyphIDs[run.face] ?? [:]
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
                    out += "<\(PDFNumber.hex4(ids[glyph.id] ?? 0))>"
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
