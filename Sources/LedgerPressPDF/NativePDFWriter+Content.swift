/// The codes (CIDs) a document's content streams draw glyphs with, per face: given in the order the glyphs are first
/// drawn (0 stays glyph 0), so that a page can be written before the subsets exist; each font's `CIDToGIDMap` maps
/// them to the subset's glyph ids at the end.
struct GlyphCodes {
    /// Per face (index = face), each drawn glyph's code.
    private var codes: [[UInt32: UInt32]] = []
    /// Per face, the glyph of each code (index = code).
    private(set) var glyphs: [Int: [UInt32]] = [:]

    mutating func code(face: Int, glyph: UInt32) -> UInt32 {
        if glyph == 0 { return 0 }
        if face < codes.count, let code = codes[face][glyph] { return code }
        while codes.count <= face { codes.append([0: 0]) }
        let code = UInt32(glyphs[face]?.count ?? 1)
        glyphs[face, default: [0]].append(glyph)
        codes[face][glyph] = code
        return code
    }
}

extension NativePDFWriter {
    /// A page's content stream: its operations, glyphs drawn with their codes (`codes`, which gives new glyphs
    /// theirs). Texts in a row (no other operation between them) share one text object: the font is set again
    /// only when it changes, each text is placed relative to the one before (`Td`, in the same hundredths of a point
    /// as an absolute position), and the codes between two kerning adjustments go in one hex string.
    func contentStream(_ ops: [PageLayout.Op], codes: inout GlyphCodes) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(ops.count * 24)
        // The open text object's font, size and last position (hundredths of a point); nil outside one.
        var text: (face: Int, size: Float, x: Int, y: Int)?
        for op in ops {
            if text != nil, !op.isText {
                out.pdf("ET\n")
                text = nil
            }
            switch op {
            case .text(let run, let x, let y):
                let face = book.faces[run.face]
                let perThousand = 1000 / run.size
                let (hx, hy) = (PDFNumber.hundredths(x), PDFNumber.hundredths(y))
                if let open = text {
                    if open.face != run.face || open.size != run.size { setFont(run, into: &out) }
                    out.pdf(hundredths: hx - open.x)
                    out.pdf(" ")
                    out.pdf(hundredths: hy - open.y)
                } else {
                    out.pdf("BT ")
                    setFont(run, into: &out)
                    out.pdf(hundredths: hx)
                    out.pdf(" ")
                    out.pdf(hundredths: hy)
                }
                text = (run.face, run.size, hx, hy)
                out.pdf(" Td ")
                var rise: Float = 0
                var pen: Float = 0
                var open = false
                var hex = false
                for glyph in run.glyphs {
                    if glyph.y != rise {
                        if hex { out.pdf(">") }
                        hex = false
                        if open { out.pdf("] TJ ") }
                        open = false
                        rise = glyph.y
                        out.pdf(rise)
                        out.pdf(" Ts ")
                    }
                    if !open {
                        out.pdf("[")
                        open = true
                    }
                    let shift = (pen - glyph.x) * perThousand
                    if abs(shift) >= 0.5 {
                        if hex { out.pdf(">") }
                        hex = false
                        out.pdf(Int(shift.rounded()))
                        out.pdf(" ")
                    }
                    let advance = (Float(face.advance(glyph.id)) * 1000 / Float(face.unitsPerEm)).rounded()
                    pen = glyph.x + advance / perThousand
                    if !hex {
                        out.pdf("<")
                        hex = true
                    }
                    out.pdfHex4(codes.code(face: run.face, glyph: glyph.id))
                }
                if hex { out.pdf(">") }
                if open { out.pdf("] TJ") }
                if rise != 0 { out.pdf(" 0 Ts") }
                out.pdf("\n")
            case .begin(let tag, let mcid):
                out.pdf("/")
                out.append(contentsOf: tag.utf8)
                out.pdf(" <</MCID ")
                out.pdf(mcid)
                out.pdf(">> BDC\n")
            case .artifact(let kind):
                out.pdf("/Artifact <</Type ")
                out.append(contentsOf: kind.utf8)
                out.pdf(">> BDC\n")
            case .end:
                out.pdf("EMC\n")
            case .fill(let r, let g, let b, let rects):
                guard !rects.isEmpty else { continue }
                // In its own graphics state: the colour never reaches the text drawn after it (black).
                out.pdf("q ")
                out.pdf(r)
                out.pdf(" ")
                out.pdf(g)
                out.pdf(" ")
                out.pdf(b)
                out.pdf(" rg\n")
                for rect in rects {
                    out.pdf(rect.0)
                    out.pdf(" ")
                    out.pdf(rect.1)
                    out.pdf(" ")
                    out.pdf(rect.2)
                    out.pdf(" ")
                    out.pdf(rect.3)
                    out.pdf(" re\n")
                }
                out.pdf("f Q\n")
            case .rule(let x1, let y1, let x2, let y2, let width, let gray):
                out.pdf("q ")
                out.pdf(width)
                out.pdf(" w ")
                for _ in 0..<3 {
                    out.pdf(gray)
                    out.pdf(" ")
                }
                out.pdf("RG ")
                out.pdf(x1)
                out.pdf(" ")
                out.pdf(y1)
                out.pdf(" m ")
                out.pdf(x2)
                out.pdf(" ")
                out.pdf(y2)
                out.pdf(" l S Q\n")
            }
        }
        if text != nil { out.pdf("ET\n") }
        return out
    }

    /// `/Fn size Tf ` for `run`'s face and size.
    private func setFont(_ run: TextShaper.Run, into out: inout [UInt8]) {
        out.pdf("/F")
        out.pdf(run.face)
        out.pdf(" ")
        out.pdf(run.size)
        out.pdf(" Tf ")
    }
}

extension PageLayout.Op {
    /// Whether the operation draws text (``PageLayout/Op/text(_:x:y:)``).
    var isText: Bool {
        if case .text = self { return true }
        return false
    }
}
