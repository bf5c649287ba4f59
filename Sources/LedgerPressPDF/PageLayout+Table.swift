import LedgerPressRender

extension PageLayout {
    static let cellSize: Float = 7.8
    static let cellPad: Float = 3

    /// A table as a grid (Table, THead, TBody, TFoot, TR, TH with Scope, TD) that breaks across pages with the
    /// header row drawn again (as an artifact) at the top of each; a table wider than paper (``TableData/isWide``)
    /// is stacked as label/value rows. A cell's text wraps at spaces, and inside a word too long for its column.
    func table(_ data: TableData) {
        let table = element("Table", parent: document)
        if !data.caption.isEmpty {
            let caption = element("Caption", parent: table)
            let lines = shaper.lines(shaper.words(data.caption, style: .bold, size: 8.5), width: width)
            need(Float(lines.count) * 11 + 30)
            for line in lines {
                y -= 11
                tagged(caption) { draw(line, x: left, baseline: y + 2.5) }
            }
            close(caption)
            y -= 3
        }
        if data.isWide {
            stacked(data, table: table)
        } else {
            grid(data, table: table)
        }
        close(table)
        y -= PageLayout.bodySize * 0.8
    }

    private func cellWords(_ text: String, bold: Bool) -> [TextShaper.Word] {
        shaper.words(text, style: bold ? .bold : .regular, size: PageLayout.cellSize, auto: true)
    }

    private func grid(_ data: TableData, table: Int) {
        let columns = data.header.count
        let pad = PageLayout.cellPad
        let lineHeight = PageLayout.cellSize * 1.3
        func natural(_ words: [TextShaper.Word]) -> Float {
            words.reduce(0) { $0 + $1.width + ($1.spaceAfter?.width ?? 0) }
        }
        var widths = [Float](repeating: 0, count: columns)
        func measure(_ row: [[TextShaper.Word]]) {
            for (column, words) in row.enumerated() where column < columns {
                widths[column] = max(widths[column], natural(words) + 2 * pad)
            }
        }
        // Every cell is shaped to measure its column; the first `keptRows` body rows keep their shaped
        // cells for drawing, the others are shaped again when drawn, so a long table's layout does not hold all its
        // shaped cells (the same text shapes the same way: the output does not depend on where the cut is).
        let header = data.header.map { cellWords($0, bold: true) }
        measure(header)
        var kept: [[[TextShaper.Word]]] = []
        for row in data.rows {
            let words = row.map { cellWords($0, bold: false) }
            measure(words)
            if kept.count < keptRows { kept.append(words) }
        }
        let footer = data.footer.map { row in row.map { cellWords($0, bold: true) } }
        for row in footer { measure(row) }
        let prose = data.alignments.indices.filter { data.alignments[$0] == .prose }
        let total = widths.reduce(0, +)
        if total > width {
            let fixed = widths.indices.filter { !prose.contains($0) }.reduce(Float(0)) { $0 + widths[$1] }
            let proseRoom = width - fixed
            if !prose.isEmpty, proseRoom >= 60 * Float(prose.count) {
                let proseTotal = prose.reduce(Float(0)) { $0 + widths[$1] }
                for column in prose { widths[column] = proseRoom * widths[column] / proseTotal }
            } else {
                let scale = width / total
                widths = widths.map { $0 * scale }
            }
        } else if let first = prose.first {
            widths[first] += width - total
        }
        var xs: [Float] = []
        var x = left
        for columnWidth in widths {
            xs.append(x)
            x += columnWidth
        }
        let tableWidth = widths.reduce(0, +)
        // A column measured to its widest cell gives that cell its width back less a rounding error (the natural
        // width plus and minus the padding): a hundredth of a point of slack keeps such a cell on one line.
        func lines(_ row: [[TextShaper.Word]]) -> [[TextShaper.Line]] {
            row.enumerated().map { column, words in
                column < columns ? shaper.lines(words, width: max(widths[column] - 2 * pad, 1) + 0.01) : []
            }
        }
        let headerLines = lines(header)
        let headerHeight = Float(headerLines.map(\.count).max() ?? 1) * lineHeight + 2 * pad
        func drawCells(_ cells: [[TextShaper.Line]], range: Range<Int>, top: Float, elements: [Int]?) {
            for (column, cellLines) in cells.enumerated() where column < columns {
                let shown = cellLines.indices.clamped(to: range)
                guard !shown.isEmpty else { continue }
                let paint = {
                    for (offset, index) in shown.enumerated() {
                        let line = cellLines[index]
                        let textWidth = line.runs.reduce(0) { $0 + $1.run.width }
                        let cellX =
                            data.alignments.indices.contains(column) && data.alignments[column] == .right
                            ? xs[column] + widths[column] - pad - textWidth : xs[column] + pad
                        let baseline = top - pad - Float(offset + 1) * lineHeight + PageLayout.cellSize * 0.32
                        self.draw(line, x: cellX, baseline: baseline)
                    }
                }
                if let elements { tagged(elements[column], paint) } else { paint() }
            }
        }
        func drawHeader(elements: [Int]?) {
            artifact(.fill(r: 0.92, g: 0.93, b: 0.95, [(left, y - headerHeight, tableWidth, headerHeight)]))
            if elements == nil {
                artifact("/Pagination /Subtype /Header") {
                    drawCells(headerLines, range: 0..<Int.max, top: y, elements: nil)
                }
            } else {
                drawCells(headerLines, range: 0..<Int.max, top: y, elements: elements)
            }
            y -= headerHeight
        }
        // The header row, kept with the first body row.
        need(headerHeight + lineHeight * 2 + 2 * pad)
        let head = element("THead", parent: table)
        let headRow = element("TR", parent: head)
        drawHeader(elements: data.header.map { _ in element("TH", parent: headRow, scope: "Column") })
        close(head)
        let freshRoom = Int((PageLayout.top - PageLayout.bottom - headerHeight - 2 * pad) / lineHeight)
        func drawRow(_ cells: [[TextShaper.Line]], group: Int, bold: Bool, isFooter: Bool) {
            let row = element("TR", parent: group, kids: cells.count)
            let elements = cells.indices.map { column -> Int in
                let isHeader =
                    isFooter ? column == 0 : (column == data.rowHeaderColumn && !(data.rows.isEmpty))
                return isHeader
                    ? element("TH", parent: row, scope: "Row") : element("TD", parent: row)
            }
            let count = max(cells.map(\.count).max() ?? 1, 1)
            var from = 0
            var rowsOnPage = true
            while from < count {
                let room = Int((y - PageLayout.bottom - 2 * pad) / lineHeight)
                let left = count - from
                if room < left, rowsOnPage, left <= freshRoom || room < 1 {
                    newPage()
                    drawHeader(elements: nil)
                    rowsOnPage = false
                    continue
                }
                let take = min(left, max(room, 1))
                let height = Float(take) * lineHeight + 2 * pad
                if isFooter {
                    artifact(.fill(r: 0.96, g: 0.96, b: 0.96, [(self.left, y - height, tableWidth, height)]))
                }
                drawCells(cells, range: from..<from + take, top: y, elements: elements)
                y -= height
                artifact(.rule(x1: self.left, y1: y, x2: self.left + tableWidth, y2: y, width: 0.3, gray: 0.8))
                from += take
                if from < count {
                    newPage()
                    drawHeader(elements: nil)
                    rowsOnPage = false
                }
            }
            close(row)
            _ = bold
        }
        let bodyGroup = element("TBody", parent: table)
        for (index, row) in data.rows.enumerated() {
            let words = index < kept.count ? kept[index] : row.map { cellWords($0, bold: false) }
            drawRow(lines(words), group: bodyGroup, bold: false, isFooter: false)
        }
        close(bodyGroup)
        if !footer.isEmpty {
            let foot = element("TFoot", parent: table)
            for row in footer { drawRow(lines(row), group: foot, bold: true, isFooter: true) }
            close(foot)
        }
    }

    /// A wide table as one block per row: each column's header (an artifact) beside its value (the cell). A row's
    /// headers are drawn together, after its values, as one artifact per page the row is on: one text object for
    /// them all rather than one marked artifact each. A row whose every header and value is one line and that fits
    /// on the page shows its headers as one form, drawn once per table (most rows: its bytes are written once).
    private func stacked(_ data: TableData, table: Int) {
        let lineHeight = PageLayout.cellSize * 1.3
        let labelWidth = min(width * 0.35, 150)
        let group = element("TBody", parent: table)
        let labels = data.header.map { shaper.lines(cellWords($0, bold: true), width: labelWidth - 6) }
        // The headers as a form, from the first one's baseline down (made when a row first uses it).
        var labelForm: Int?
        func labelFormIndex() -> Int {
            if let labelForm { return labelForm }
            var ops: [Op] = []
            for (column, lines) in labels.enumerated() {
                PageLayout.append(lines[0], x: 0, baseline: -Float(column) * lineHeight, to: &ops)
            }
            let made = form(ops)
            labelForm = made
            return made
        }
        // The header lines of the row being drawn, and their baselines, on this page.
        var waiting: [(line: TextShaper.Line, baseline: Float)] = []
        func drawWaiting() {
            guard !waiting.isEmpty else { return }
            artifact { for label in waiting { draw(label.line, x: left, baseline: label.baseline) } }
            waiting.removeAll(keepingCapacity: true)
        }
        for (rowIndex, row) in (data.rows + data.footer).enumerated() {
            let isFooter = rowIndex >= data.rows.count
            let rowElement = element("TR", parent: group, kids: row.count)
            // Each value as the one run of its one line when it is a plain text that fits (most: amounts, dates,
            // ids), else as its lines.
            let style: FontBook.Style = isFooter ? .bold : .regular
            let values = row.map { text -> StackedValue in
                if let run = shaper.plainLineRun(
                    text, style: style, size: PageLayout.cellSize, width: width - labelWidth - 6)
                {
                    return .run(run)
                }
                return .lines(
                    shaper.notPlainLines(
                        text, style: style, size: PageLayout.cellSize, auto: true, width: width - labelWidth - 6))
            }
            func makeCell(_ column: Int) -> Int {
                let isHeader = isFooter ? column == 0 : column == data.rowHeaderColumn
                return isHeader ? element("TH", parent: rowElement, scope: "Row") : element("TD", parent: rowElement)
            }
            if row.count == labels.count, y - Float(row.count) * lineHeight >= PageLayout.bottom,
                values.allSatisfy({ $0.isOneLine }), labels.allSatisfy({ $0.count == 1 })
            {
                var first: Float?
                for column in row.indices {
                    let element = makeCell(column)
                    y -= lineHeight
                    let baseline = y + PageLayout.cellSize * 0.32
                    if first == nil { first = baseline }
                    tagged(element) {
                        switch values[column] {
                        case .run(let run): draw(run, x: left + labelWidth, baseline: baseline)
                        case .lines(let lines): draw(lines[0], x: left + labelWidth, baseline: baseline)
                        }
                    }
                }
                if let first { artifact(.form(labelFormIndex(), x: left, y: first)) }
                close(rowElement)
                y -= 3
                artifact(.rule(x1: left, y1: y, x2: left + width, y2: y, width: 0.3, gray: 0.7))
                y -= 3
                continue
            }
            for column in row.indices {
                let cell = makeCell(column)
                let valueLines = values[column].lines
                let labelLines = column < labels.count ? labels[column] : []
                for index in 0..<max(valueLines.count, labelLines.count, 1) {
                    if breaks(lineHeight) { drawWaiting() }
                    need(lineHeight)
                    y -= lineHeight
                    let baseline = y + PageLayout.cellSize * 0.32
                    if index < labelLines.count { waiting.append((labelLines[index], baseline)) }
                    if index < valueLines.count {
                        tagged(cell) { draw(valueLines[index], x: left + labelWidth, baseline: baseline) }
                    }
                }
            }
            close(rowElement)
            drawWaiting()
            y -= 3
            artifact(.rule(x1: left, y1: y, x2: left + width, y2: y, width: 0.3, gray: 0.7))
            y -= 3
        }
    }
}

/// A stacked table's value: the one run of its one line (a plain text that fits), or its lines.
private enum StackedValue {
    case run(TextShaper.Run)
    case lines([TextShaper.Line])

    var isOneLine: Bool {
        switch self {
        case .run: true
        case .lines(let lines): lines.count == 1
        }
    }

    var lines: [TextShaper.Line] {
        switch self {
        case .run(let run): [TextShaper.Line(runs: [(0, run)], width: run.width)]
        case .lines(let lines): lines
        }
    }
}
