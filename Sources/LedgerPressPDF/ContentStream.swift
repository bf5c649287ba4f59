/// A page's content stream, written as the layout draws it (or from a list of ``PageLayout/Op``s: a form, the page
/// numbers), glyphs drawn with their codes (``codes``, which gives new glyphs theirs).
///
/// Texts share one text object until a fill, a rule or a form, across the marked content around each (a table's
/// cells: `BT /TD <</MCID 7>> BDC ... EMC /TD <</MCID 8>> BDC ... EMC ET`; a text object and a marked-content
/// sequence never cross, one holds the other whole): the font is set again only when it changes, each text is placed
/// relative to the one before (`Td`, in the same hundredths of a point as an absolute position), and the codes
/// between two kerning adjustments go in one literal string, two bytes each (``PDFCursor/code(_:)``).
///
/// Whether a marked-content sequence holds only texts is said when it begins (``begin(tag:mcid:texts:)``): one that
/// does stays in the text object open around it, or opens one before its `BDC` when its first operation is a text
/// (the `BT` goes in before the `BDC` once that text comes); one that does not ends the text object first.
///
/// > Note: each operation is written through a ``PDFCursor`` into memory grown beforehand to the most bytes it can
/// > take (``PageLayout/Op/mostBytes``).
final class ContentStream {
    private let book: FontBook
    /// The codes of the glyphs drawn so far (by every page and form of the document written through it).
    var codes: GlyphCodes

    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var count = 0

    /// Whether a text object is open, and how many marked-content sequences were open when it began (it ends before
    /// any of them does: the two never cross).
    private var inText = false
    private var textDepth = 0
    /// The marked-content sequences open, innermost last: whether each holds only texts.
    private var sequences: [Bool] = []
    /// The open text object's font, size and last position (hundredths of a point); nil before its first text.
    private var text: (face: Int, size: Float, x: Int, y: Int)?
    /// Where the `BDC` of a text-only sequence begun outside a text object starts, while nothing has been written
    /// after it: the `BT` its first text opens goes there.
    private var textMayOpen: (at: Int, end: Int)?

    init(book: FontBook, codes: GlyphCodes = GlyphCodes()) {
        self.book = book
        self.codes = codes
        capacity = 4096
        storage = .allocate(capacity: capacity)
    }

    deinit { storage.deallocate() }

    /// The bytes written since the last ``finish()``, with any text object ended; the stream then starts again
    /// empty, outside any marked content (its codes kept).
    func finish() -> [UInt8] {
        ensure(PDFCursor.mostBytes("ET\n"))
        write { endText(&$0) }
        let bytes = [UInt8](UnsafeBufferPointer(start: storage, count: count))
        count = 0
        textMayOpen = nil
        sequences.removeAll(keepingCapacity: true)
        return bytes
    }

    /// Marked content of structure type `tag` with marked-content id `mcid`, up to the matching ``end()``; `texts`:
    /// whether everything drawn in it is a text.
    func begin(tag: String, mcid: Int, texts: Bool) {
        sequence(
            texts: texts, bytes: PDFCursor.mostBytes("/ <</MCID >> BDC\n") + tag.utf8.count + PDFCursor.mostNumberBytes
        ) {
            out in
            out.byte(0x2F)
            out.utf8(tag)
            out.text(" <</MCID ")
            out.int(mcid)
            out.text(">> BDC\n")
        }
    }

    /// A page artifact (`/Pagination`, `/Layout`), up to the matching ``end()``; `texts` as for ``begin(tag:mcid:texts:)``.
    func artifact(_ kind: String, texts: Bool) {
        sequence(texts: texts, bytes: PDFCursor.mostBytes("/Artifact <</Type >> BDC\n") + kind.utf8.count) { out in
            out.text("/Artifact <</Type ")
            out.utf8(kind)
            out.text(">> BDC\n")
        }
    }

    /// A marked-content sequence begun by `bdc` (at most `bytes` bytes). One that holds more than texts ends the text
    /// object first; a text-only one begun outside a text object notes where its `BDC` starts, for the `BT` its first
    /// text opens.
    private func sequence(texts: Bool, bytes: Int, _ bdc: (inout PDFCursor) -> Void) {
        ensure(PDFCursor.mostBytes("ET\n") + bytes)
        if !texts { write { endText(&$0) } }
        let at = count
        write(bdc)
        textMayOpen = texts && !inText ? (at, count) : nil
        sequences.append(texts)
    }

    /// The end of the innermost marked-content sequence; the text object ends with it if it began outside it.
    func end() {
        ensure(PDFCursor.mostBytes("ET\nEMC\n"))
        let depth = sequences.count - 1
        if depth >= 0 { sequences.removeLast() }
        textMayOpen = nil
        write { out in
            if inText, depth < textDepth { endText(&out) }
            out.text("EMC\n")
        }
    }

    /// A run of glyphs with its baseline's left end at (x, y).
    func text(_ run: TextShaper.Run, x: Float, y: Float) {
        ensure(PageLayout.Op.mostBytes(of: run) + PDFCursor.mostBytes("BT "))
        if !inText {
            if let open = textMayOpen, open.end == count {
                // The text object opens before the text-only sequence this text is the first of.
                (storage + open.at + 3).update(from: storage + open.at, count: count - open.at)
                (storage + open.at).update(from: ("BT " as StaticString).utf8Start, count: 3)
                count += 3
                textDepth = sequences.count - 1
            } else {
                write { $0.text("BT ") }
                textDepth = sequences.count
            }
            inText = true
        }
        textMayOpen = nil
        write { writeText(run, x: x, y: y, into: &$0) }
    }

    /// A fill, a rule or a form: it ends the text object (it may not stand in one).
    func graphic(_ op: PageLayout.Op) {
        precondition(!(sequences.last ?? false), "\(op) in marked content of texts only")
        ensure(op.mostBytes)
        textMayOpen = nil
        write { out in
            endText(&out)
            writeGraphic(op, into: &out)
        }
    }

    /// The operations `ops`, whether each marked-content sequence holds only texts found by looking ahead
    /// (``PageLayout/Op/onlyTexts(_:inSequenceAt:)``).
    func draw(_ ops: [PageLayout.Op]) {
        for (index, op) in ops.enumerated() {
            switch op {
            case .text(let run, let x, let y): text(run, x: x, y: y)
            case .begin(let tag, let mcid):
                begin(tag: tag, mcid: mcid, texts: PageLayout.Op.onlyTexts(ops, inSequenceAt: index))
            case .artifact(let kind): artifact(kind, texts: PageLayout.Op.onlyTexts(ops, inSequenceAt: index))
            case .end: end()
            case .fill, .rule, .form: graphic(op)
            }
        }
    }

    /// Room for `bytes` more bytes.
    @inline(__always)
    private func ensure(_ bytes: Int) {
        guard count + bytes > capacity else { return }
        let grown = max(2 * capacity, count + bytes)
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        larger.update(from: storage, count: count)
        storage.deallocate()
        storage = larger
        capacity = grown
    }

    /// Writes through a cursor at the end (room ensured beforehand).
    @inline(__always)
    private func write(_ body: (inout PDFCursor) -> Void) {
        var out = PDFCursor(storage + count)
        body(&out)
        count = out.at - storage
    }

    private func endText(_ out: inout PDFCursor) {
        guard inText else { return }
        out.text("ET\n")
        inText = false
        text = nil
    }

    private func writeText(_ run: TextShaper.Run, x: Float, y: Float, into out: inout PDFCursor) {
        let face = book.faces[run.face]
        let perThousand = 1000 / run.size
        let (hx, hy) = (PDFNumber.hundredths(x), PDFNumber.hundredths(y))
        if let open = text {
            if open.face != run.face || open.size != run.size { setFont(run, into: &out) }
            out.hundredths(hx - open.x)
            out.byte(0x20)
            out.hundredths(hy - open.y)
        } else {
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
    }

    /// `/Fn size Tf ` for `run`'s face and size.
    private func setFont(_ run: TextShaper.Run, into out: inout PDFCursor) {
        out.text("/F")
        out.int(run.face)
        out.byte(0x20)
        out.number(run.size)
        out.text(" Tf ")
    }

    private func writeGraphic(_ op: PageLayout.Op, into out: inout PDFCursor) {
        switch op {
        case .fill(let r, let g, let b, let rects):
            guard !rects.isEmpty else { return }
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
        case .text, .begin, .artifact, .end:
            preconditionFailure("not a graphic: \(op)")
        }
    }
}

extension NativePDFWriter {
    /// The content stream of `ops` (a form, a page's numbers; a page's own drawing is written as it is drawn:
    /// ``PageLayout/stream``), glyphs drawn with their codes (`codes`, which gives new glyphs theirs).
    func contentStream(_ ops: [PageLayout.Op], codes: inout GlyphCodes) -> [UInt8] {
        let stream = ContentStream(book: book, codes: codes)
        stream.draw(ops)
        let bytes = stream.finish()
        codes = stream.codes
        return bytes
    }
}
