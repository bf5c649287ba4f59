import LedgerPressRender

extension PageLayout {
    static let bodySize: Float = 9.5
    static let leading: Float = 1.32

    /// Lays out every block in order, closes the Document, then numbers the pages; with ``pageDone`` it hands over the
    /// last page instead (the writer numbers the pages when it knows their count).
    func layout(_ blocks: [PrintDocument.Block]) throws {
        for block in blocks {
            switch block {
            case .heading(let level, let text): heading(level: level, text: text)
            case .paragraph(let texts): paragraph(texts, parent: document, indent: 0)
            case .note(let texts): note(texts)
            case .list(let items): list(items)
            case .table(let table): self.table(table)
            case .chart(let chart): self.chart(chart)
            case .qr(let text, let alt): try qr(text, alt: alt)
            }
        }
        close(document)
        if pageDone == nil, stream == nil { numberPages() } else { finishPage() }
    }

    /// The words of inline texts, each in its weight.
    func words(_ texts: [PrintDocument.Text], size: Float = PageLayout.bodySize) -> [TextShaper.Word] {
        var words: [TextShaper.Word] = []
        for text in texts {
            let style: FontBook.Style = text.bold ? .bold : .regular
            if text.text.first == " ", !words.isEmpty, words[words.count - 1].spaceAfter == nil {
                words[words.count - 1].spaceAfter = shaper.space(style: style, size: size)
            }
            words += shaper.words(text.text, style: style, size: size)
        }
        return words
    }

    func heading(level: Int, text: String) {
        let sizes: [Float] = [16, 13, 11]
        let size = sizes[min(max(level, 1), 3) - 1]
        y -= level == 1 ? 0 : size * 0.7
        let lines = shaper.lines(shaper.words(text, style: .bold, size: size), width: width)
        // A heading keeps its first line and a few lines after it on its page.
        need(size * PageLayout.leading * Float(lines.count) + 40)
        heading(level: level, title: text)
        let element = element("H\(min(max(level, 1), 3))", parent: document)
        for line in lines {
            need(size * PageLayout.leading)
            y -= size * PageLayout.leading
            tagged(element) { draw(line, x: left, baseline: y + size * 0.3) }
        }
        close(element)
        y -= size * 0.35
    }

    /// A paragraph under `parent`, `indent` points in from the left margin.
    func paragraph(_ texts: [PrintDocument.Text], parent: Int, indent: Float, tag: String = "P") {
        let lines = shaper.lines(words(texts), width: width - indent)
        let element = element(tag, parent: parent)
        let height = PageLayout.bodySize * PageLayout.leading
        for line in lines {
            need(height)
            y -= height
            tagged(element) { draw(line, x: left + indent, baseline: y + PageLayout.bodySize * 0.3) }
        }
        close(element)
        y -= PageLayout.bodySize * 0.5
    }

    func note(_ texts: [PrintDocument.Text]) {
        let top = y
        let startPage = page
        paragraph(texts, parent: document, indent: 10)
        if page == startPage {
            artifact(.rule(x1: left + 3, y1: top - 2, x2: left + 3, y2: y + 4, width: 2, gray: 0.7))
        }
    }

    func list(_ items: [[PrintDocument.Text]]) {
        let list = element("L", parent: document)
        let height = PageLayout.bodySize * PageLayout.leading
        let bullet = shaper.lines(shaper.words("•", style: .regular, size: PageLayout.bodySize), width: width)[0]
        for item in items {
            let entry = element("LI", parent: list)
            let body = element("LBody", parent: entry)
            let lines = shaper.lines(words(item), width: width - 14)
            for (index, line) in lines.enumerated() {
                need(height)
                y -= height
                let baseline = y + PageLayout.bodySize * 0.3
                if index == 0 { artifact { draw(bullet, x: left + 3, baseline: baseline) } }
                tagged(body) { draw(line, x: left + 14, baseline: baseline) }
            }
            close(entry)
        }
        close(list)
        y -= PageLayout.bodySize * 0.5
    }

    /// The chart: its title, then the bars (a Figure whose /Alt says what it shows) with the first and last
    /// dates under them.
    func chart(_ chart: PrintDocument.Chart) {
        let barsHeight: Float = 70
        need(barsHeight + 40)
        paragraph([.init(chart.title, bold: true)], parent: document, indent: 0)
        let figure = element("Figure", parent: document, alt: chart.alt)
        let high = max(chart.values.max() ?? 0, 0)
        let low = min(chart.values.min() ?? 0, 0)
        let span = Float(max(high - low, 1))
        let zero = y - barsHeight * Float(high) / span
        let step = width / Float(max(chart.values.count, 1))
        var up: [(Float, Float, Float, Float)] = []
        var down: [(Float, Float, Float, Float)] = []
        for (index, value) in chart.values.enumerated() where value != 0 {
            let height = barsHeight * Float(abs(value)) / span
            let x = left + Float(index) * step + step * 0.15
            if value > 0 {
                up.append((x, zero, step * 0.7, height))
            } else {
                down.append((x, zero - height, step * 0.7, height))
            }
        }
        tagged(figure, graphics: [.fill(r: 0.16, g: 0.42, b: 0.66, up), .fill(r: 0.75, g: 0.25, b: 0.2, down)])
        close(figure)
        artifact(.rule(x1: left, y1: zero, x2: left + width, y2: zero, width: 0.5, gray: 0.4))
        y -= barsHeight + 12
        artifact {
            let size: Float = 7.5
            let first = shaper.lines(shaper.words(chart.firstLabel, style: .regular, size: size), width: width)[0]
            let last = shaper.lines(shaper.words(chart.lastLabel, style: .regular, size: size), width: width)[0]
            draw(first, x: left, baseline: y)
            draw(last, x: left + width - last.runs.reduce(0) { $0 + $1.run.width }, baseline: y)
        }
        y -= 14
    }

    /// The QR code of `text` as dark squares (each run of a row one rectangle) in a Figure.
    func qr(_ text: String, alt: String) throws {
        let (count, dark) = try QRCode.modules(for: text)
        let module: Float = 2.4
        let side = Float(count + 8) * module
        need(side + 10)
        let figure = element("Figure", parent: document, alt: alt)
        let originX = left
        let topY = y - 4 * module
        var rects: [(Float, Float, Float, Float)] = []
        for row in 0..<count {
            var column = 0
            while column < count {
                guard dark[row * count + column] else {
                    column += 1
                    continue
                }
                var run = 1
                while column + run < count, dark[row * count + column + run] { run += 1 }
                rects.append(
                    (originX + Float(column + 4) * module, topY - Float(row + 1) * module, Float(run) * module, module))
                column += run
            }
        }
        tagged(figure, graphics: [.fill(r: 0, g: 0, b: 0, rects)])
        close(figure)
        y -= side
    }
}
