/// The codes (CIDs) a document's content streams draw glyphs with, per face: given in the order the glyphs are first
/// drawn (0 stays glyph 0), so that a page can be written before the subsets exist; each font's `CIDToGIDMap` maps
/// them to the subset's glyph ids at the end. With each drawn glyph it keeps its advance, as the content stream
/// rounds it (thousandths of the text size), so that the font is asked once per glyph and document.
struct GlyphCodes {
    /// A drawn glyph's code and rounded advance (`advance` NaN: not drawn yet).
    struct Slot {
        var code: UInt32 = 0
        var advance: Float = .nan
    }

    /// Per face (index = face), per glyph id: its slot (a table as long as the highest glyph id drawn).
    private var slots: [[Slot]] = []
    /// Per face, the glyph of each code (index = code).
    private(set) var glyphs: [Int: [UInt32]] = [:]

    mutating func code(face: Int, glyph: UInt32) -> UInt32 {
        slot(face: face, glyph: glyph) { 0 }.code
    }

    /// Glyph `glyph` of face `face`: its code (a new one when it is drawn for the first time) and its advance,
    /// `advance()` when it is drawn for the first time.
    @inline(__always)
    mutating func slot(face: Int, glyph: UInt32, advance: () -> Float) -> Slot {
        let index = Int(glyph)
        if face < slots.count, index < slots[face].count {
            let slot = slots[face][index]
            if !slot.advance.isNaN { return slot }
        }
        return add(face: face, glyph: glyph, advance: advance())
    }

    private mutating func add(face: Int, glyph: UInt32, advance: Float) -> Slot {
        while slots.count <= face { slots.append([]) }
        let index = Int(glyph)
        if index >= slots[face].count {
            slots[face].append(
                contentsOf: repeatElement(Slot(), count: max(index + 1, slots[face].count * 2, 256) - slots[face].count)
            )
        }
        var slot = Slot(code: 0, advance: advance)
        if glyph != 0 {
            slot.code = UInt32(glyphs[face]?.count ?? 1)
            glyphs[face, default: [0]].append(glyph)
        }
        slots[face][index] = slot
        return slot
    }
}

extension NativePDFWriter {
    /// A page's content stream: its operations, glyphs drawn with their codes (`codes`, which gives new glyphs
    /// theirs). Texts share one text object until a fill, a rule or a form, across the marked content around each
    /// (a table's cells: `BT /TD <</MCID 7>> BDC ... EMC /TD <</MCID 8>> BDC ... EMC ET`; a text object and a
    /// marked-content sequence never cross, one holds the other whole): the font is set again only when it changes,
    /// each text is placed relative to the one before (`Td`, in the same hundredths of a point as an absolute
    /// position), and the codes between two kerning adjustments go in one literal string, two bytes each
    /// (``PDFCursor/code(_:)``).
    ///
    /// > Note: written through a ``PDFCursor`` into memory reserved for the most bytes the operations can take
    /// > (``PageLayout/Op/mostBytes``).
    func contentStream(_ ops: [PageLayout.Op], codes: inout GlyphCodes) -> [UInt8] {
        let bound = ops.reduce(PDFCursor.mostBytes("ET\n")) { $0 + $1.mostBytes }
        return [UInt8](unsafeUninitializedCapacity: bound) { buffer, written in
            guard let base = buffer.baseAddress else { return }
            var out = PDFCursor(base)
            write(ops, codes: &codes, into: &out)
            written = out.at - base
            precondition(written <= bound, "content stream of \(written) bytes, reserved \(bound)")
        }
    }

    private func write(_ ops: [PageLayout.Op], codes: inout GlyphCodes, into out: inout PDFCursor) {
        // Whether a text object is open, and how many marked-content sequences were open when it began (it ends
        // before any of them does: the two never cross).
        var inText = false
        var textDepth = 0
        var depth = 0
        // The open text object's font, size and last position (hundredths of a point); nil before its first text.
        var text: (face: Int, size: Float, x: Int, y: Int)?
        func endText() {
            guard inText else { return }
            out.text("ET\n")
            inText = false
            text = nil
        }
        for (index, op) in ops.enumerated() {
            switch op {
            case .text: break
            case .begin, .artifact:
                // Marked content whose operations are all texts stays in (or opens) the text object around it: a
                // table's cells, one after another, are one text object.
                if PageLayout.Op.onlyTexts(ops, inSequenceAt: index) {
                    if !inText, index + 1 < ops.count, ops[index + 1].isText {
                        out.text("BT ")
                        inText = true
                        textDepth = depth
                    }
                } else {
                    endText()
                }
                depth += 1
            case .end:
                depth -= 1
                // The text object ends before a sequence that was open when it began does.
                if inText, depth < textDepth { endText() }
            case .fill, .rule, .form:
                endText()
            }
            switch op {
            case .text(let run, let x, let y):
                let face = book.faces[run.face]
                let perThousand = 1000 / run.size
                let (hx, hy) = (PDFNumber.hundredths(x), PDFNumber.hundredths(y))
                if let open = text {
                    if open.face != run.face || open.size != run.size { setFont(run, into: &out) }
                    out.hundredths(hx - open.x)
                    out.byte(0x20)
                    out.hundredths(hy - open.y)
                } else {
                    if !inText {
                        out.text("BT ")
                        inText = true
                        textDepth = depth
                    }
                    setFont(run, into: &out)
                    out.hundredths(hx)
                    out.byte(0x20)
                    out.hundredths(hy)
                }
                text = (run.face, run.size, hx, hy)
                out.text(" Td ")
                var rise: Float = 0
                var pen: Float = 0
                var open = false
                var inString = false
                for glyph in run.glyphs {
                    if glyph.y != rise {
                        if inString { out.byte(0x29) }
                        inString = false
                        if open { out.text("] TJ ") }
                        open = false
                        rise = glyph.y
                        out.hundredths(PDFNumber.hundredths(rise))
                        out.text(" Ts ")
                    }
                    if !open {
                        out.byte(0x5B)
                        open = true
                    }
                    let shift = (pen - glyph.x) * perThousand
                    if abs(shift) >= 0.5 {
                        if inString { out.byte(0x29) }
                        inString = false
                        out.int(Int(shift.rounded()))
                        out.byte(0x20)
                    }
                    let slot = codes.slot(face: run.face, glyph: glyph.id) {
                        (Float(face.advance(glyph.id)) * 1000 / Float(face.unitsPerEm)).rounded()
                    }
                    pen = glyph.x + slot.advance / perThousand
                    if !inString {
                        out.byte(0x28)
                        inString = true
                    }
                    out.code(slot.code)
                }
                if inString { out.byte(0x29) }
                if open { out.text("] TJ") }
                if rise != 0 { out.text(" 0 Ts") }
                out.byte(0x0A)
            case .begin(let tag, let mcid):
                out.byte(0x2F)
                out.utf8(tag)
                out.text(" <</MCID ")
                out.int(mcid)
                out.text(">> BDC\n")
            case .artifact(let kind):
                out.text("/Artifact <</Type ")
                out.utf8(kind)
                out.text(">> BDC\n")
            case .end:
                out.text("EMC\n")
            case .fill(let r, let g, let b, let rects):
                guard !rects.isEmpty else { continue }
                // In its own graphics state: the colour never reaches the text drawn after it (black).
                out.text("q ")
                out.number(r)
                out.byte(0x20)
                out.number(g)
                out.byte(0x20)
                out.number(b)
                out.text(" rg\n")
                for rect in rects {
                    out.number(rect.0)
                    out.byte(0x20)
                    out.number(rect.1)
                    out.byte(0x20)
                    out.number(rect.2)
                    out.byte(0x20)
                    out.number(rect.3)
                    out.text(" re\n")
                }
                out.text("f Q\n")
            case .rule(let x1, let y1, let x2, let y2, let width, let gray):
                out.text("q ")
                out.number(width)
                out.text(" w ")
                for _ in 0..<3 {
                    out.number(gray)
                    out.byte(0x20)
                }
                out.text("RG ")
                out.number(x1)
                out.byte(0x20)
                out.number(y1)
                out.text(" m ")
                out.number(x2)
                out.byte(0x20)
                out.number(y2)
                out.text(" l S Q\n")
            case .form(let index, let x, let y):
                out.text("q 1 0 0 1 ")
                out.number(x)
                out.byte(0x20)
                out.number(y)
                out.text(" cm /L")
                out.int(index)
                out.text(" Do Q\n")
            }
        }
        endText()
    }

    /// `/Fn size Tf ` for `run`'s face and size.
    private func setFont(_ run: TextShaper.Run, into out: inout PDFCursor) {
        out.text("/F")
        out.int(run.face)
        out.byte(0x20)
        out.number(run.size)
        out.text(" Tf ")
    }
}

extension PageLayout.Op {
    /// Whether the operation draws text (``PageLayout/Op/text(_:x:y:)``).
    var isText: Bool {
        if case .text = self { return true }
        return false
    }

    /// Whether the marked-content sequence that `ops[start]` begins holds only texts and marked content (nothing
    /// that may not stand in a text object: a fill, a rule, a form), up to its end.
    static func onlyTexts(_ ops: [PageLayout.Op], inSequenceAt start: Int) -> Bool {
        var open = 0
        for op in ops[start...] {
            switch op {
            case .begin, .artifact: open += 1
            case .end:
                open -= 1
                if open == 0 { return true }
            case .text: continue
            case .fill, .rule, .form: return false
            }
        }
        return true
    }

    /// The most bytes the operation can take in a content stream (``NativePDFWriter/contentStream(_:codes:)``),
    /// with the `ET` that may close a text object before it.
    var mostBytes: Int {
        let number = PDFCursor.mostNumberBytes
        let closing = PDFCursor.mostBytes("ET\n")
        switch self {
        case .text(let run, _, _):
            // `BT /Fn size Tf x y Td `; per glyph: `)] TJ rise Ts [)shift (` and a code (two bytes, each at most
            // two escaped); `)] TJ 0 Ts\n`.
            let start = PDFCursor.mostBytes("BT /F  Tf   Td ") + 4 * number
            let glyph = PDFCursor.mostBytes(")] TJ  Ts [) (") + 2 * number + 4
            return start + run.glyphs.count * glyph + PDFCursor.mostBytes(")] TJ 0 Ts\n")
        case .begin(let tag, _):
            return closing + PDFCursor.mostBytes("BT / <</MCID >> BDC\n") + tag.utf8.count + number
        case .artifact(let kind):
            return closing + PDFCursor.mostBytes("BT /Artifact <</Type >> BDC\n") + kind.utf8.count
        case .end:
            return closing + PDFCursor.mostBytes("EMC\n")
        case .fill(_, _, _, let rects):
            return closing + PDFCursor.mostBytes("q    rg\nf Q\n") + 3 * number
                + rects.count * (PDFCursor.mostBytes("    re\n") + 4 * number)
        case .rule:
            return closing + PDFCursor.mostBytes("q  w    RG    m    l S Q\n") + 8 * number
        case .form:
            return closing + PDFCursor.mostBytes("q 1 0 0 1   cm /L Do Q\n") + 3 * number
        }
    }
}
