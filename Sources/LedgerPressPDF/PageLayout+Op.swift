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

    /// The most bytes a text of `run` can take in a content stream, with the `BT` that may open a text object.
    static func mostBytes(of run: TextShaper.Run) -> Int {
        // `BT /Fn size Tf x y Td `; per glyph: `)] TJ rise Ts [)shift (` and a code (two bytes, each at most two
        // escaped); `)] TJ 0 Ts\n`.
        let number = PDFCursor.mostNumberBytes
        let start = PDFCursor.mostBytes("BT /F  Tf   Td ") + 4 * number
        let glyph = PDFCursor.mostBytes(")] TJ  Ts [) (") + 2 * number + 4
        return start + run.glyphs.count * glyph + PDFCursor.mostBytes(")] TJ 0 Ts\n")
    }

    /// The most bytes the operation can take in a content stream (``ContentStream``),
    /// with the `ET` that may close a text object before it.
    var mostBytes: Int {
        let number = PDFCursor.mostNumberBytes
        let closing = PDFCursor.mostBytes("ET\n")
        switch self {
        case .text(let run, _, _): return PageLayout.Op.mostBytes(of: run)
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
