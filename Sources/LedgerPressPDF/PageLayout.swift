/// The flow of a document onto A4 pages: drawing operations per page, the tagged structure they belong to
/// (structure elements, their marked-content ids, the parent tree) and the outline from the headings.
///
/// Structure elements are known by number (``elementNumber``: the writer's reserved object numbers); only the open
/// ones are held, on a stack in the order they were opened, and each goes to ``elementDone`` when it is closed.
///
/// > Note: coordinates are PDF points from the page's lower left corner; the cursor `y` moves down the page.
final class PageLayout {
    /// One drawing operation of a page's content stream.
    enum Op {
        /// A run of glyphs with its baseline's left end at (x, y).
        case text(TextShaper.Run, x: Float, y: Float)
        /// Content of structure element tag `tag` with marked-content id `mcid`, up to the matching `.end`.
        case begin(tag: String, mcid: Int)
        /// A page artifact (`/Pagination`, `/Layout`), up to the matching `.end`.
        case artifact(String)
        case end
        /// Filled rectangles (x, y, width, height) in an RGB colour (0...1).
        case fill(r: Float, g: Float, b: Float, [(Float, Float, Float, Float)])
        /// A stroked line.
        case rule(x1: Float, y1: Float, x2: Float, y2: Float, width: Float, gray: Float)
        /// Form `index` of ``forms`` (a Form XObject: operations drawn once, shown many times) with its origin at
        /// (x, y).
        case form(Int, x: Float, y: Float)
    }

    /// A structure element: its type, parent (a number; -1 for the Document), children (element numbers or marked
    /// content), and attributes.
    struct Element {
        enum Kid {
            case element(Int)
            case content(page: Int, mcid: Int)
        }

        /// An element's kids, the first held inline: most elements (a table cell, a list item's body) have one,
        /// and the layout makes them by the thousand.
        struct Kids: RandomAccessCollection {
            private var first: Kid?
            private var rest: [Kid] = []

            var startIndex: Int { 0 }
            var endIndex: Int { first == nil ? 0 : 1 + rest.count }
            subscript(position: Int) -> Kid {
                if position == 0, let first { return first }
                return rest[position - 1]
            }

            mutating func append(_ kid: Kid) {
                if first == nil { first = kid } else { rest.append(kid) }
            }

            /// Room for `count` kids in all.
            mutating func reserve(_ count: Int) { rest.reserveCapacity(count - 1) }
        }

        var tag: String
        var parent: Int
        var kids = Kids()
        var alt: String? = nil
        /// `Column` or `Row` for a `TH`.
        var scope: String? = nil
    }

    static let pageWidth: Float = 595.276
    static let pageHeight: Float = 841.89
    static let margin: Float = 42
    static let top: Float = pageHeight - 48
    static let bottom: Float = 52

    var left: Float { PageLayout.margin }
    var width: Float { PageLayout.pageWidth - 2 * PageLayout.margin }

    let shaper: TextShaper
    private(set) var pages: [[Op]] = [[]]
    /// Per page, the number of the structure element of each marked-content id (the parent tree).
    private(set) var parents: [[Int]] = [[]]
    /// The open structure elements, oldest first (the Document at the bottom), with their numbers.
    private(set) var open: [(number: Int, element: Element)] = []
    /// The most structure elements open at once so far.
    private(set) var mostOpen = 0
    /// The number of the next structure element; by default 1, 2, 3, ...
    let elementNumber: () -> Int
    /// Where each structure element goes when it is closed (its number and the element); the layout then keeps
    /// none of it. Without it, ``closed`` keeps them.
    var elementDone: ((Int, Element) -> Void)?
    /// The closed structure elements, in the order closed, when there is no ``elementDone``.
    private(set) var closed: [(number: Int, element: Element)] = []
    /// The Document element's number: the root of the structure (every block's parent).
    private(set) var document = 0
    /// The forms the pages show (``Op/form(_:x:y:)``): each one's operations, from its own origin.
    private(set) var forms: [[Op]] = []
    /// The headings: level, text, page and y.
    private(set) var outline: [(level: Int, title: String, page: Int, y: Float)] = []
    var y: Float = PageLayout.top
    /// Where each finished page's operations go as soon as the page is full (its index and operations); the page
    /// then keeps none of them, so a long document's layout holds one page at a time. Without it (and without
    /// ``stream``), ``pages`` keeps every page and ``layout(_:)`` numbers them.
    var pageDone: ((Int, [Op]) -> Void)?
    /// Where the pages are drawn instead of into operations, when set: each operation written into the stream as it
    /// is drawn, and each page's bytes handed to ``streamDone`` as soon as the page is full (with its index). The
    /// layout then keeps no operation (``pages`` stay empty, ``pageDone`` is not called).
    var stream: ContentStream?
    var streamDone: ((Int, [UInt8]) -> Void)?
    /// How many body rows of a grid table keep their shaped cells from measuring to drawing (the rest are shaped
    /// again when drawn): short tables are shaped once, a long table's shaped cells do not pile up.
    var keptRows = 200

    init(shaper: TextShaper, elementNumber: (() -> Int)? = nil, pageDone: ((Int, [Op]) -> Void)? = nil) {
        self.shaper = shaper
        var next = 0
        self.elementNumber =
            elementNumber ?? {
                next += 1
                return next
            }
        self.pageDone = pageDone
        document = self.elementNumber()
        open = [(document, Element(tag: "Document", parent: -1))]
    }

    var page: Int { pages.count - 1 }

    /// Starts a new page.
    func newPage() {
        finishPage()
        pages.append([])
        parents.append([])
        y = PageLayout.top
    }

    /// Moves to a new page unless `height` points still fit above the bottom margin (and the page is not empty).
    func need(_ height: Float) {
        if breaks(height) { newPage() }
    }

    /// Whether ``need(_:)`` would move to a new page for `height` points.
    func breaks(_ height: Float) -> Bool { y - height < PageLayout.bottom && y < PageLayout.top }

    /// Where open element `number` is in ``open``.
    private func openIndex(_ number: Int) -> Int {
        guard let index = open.lastIndex(where: { $0.number == number }) else {
            preconditionFailure("structure element \(number) is not open")
        }
        return index
    }

    /// A new open structure element under `parent` (open), its number; `kids`: how many kids it will have, when known
    /// (a table row's cells).
    func element(_ tag: String, parent: Int, alt: String? = nil, scope: String? = nil, kids: Int = 0) -> Int {
        let number = elementNumber()
        open[openIndex(parent)].element.kids.append(.element(number))
        var element = Element(tag: tag, parent: parent, alt: alt, scope: scope)
        if kids > 1 { element.kids.reserve(kids) }
        open.append((number, element))
        mostOpen = max(mostOpen, open.count)
        return number
    }

    /// Closes open element `number` and every element opened after it (the newest first): nothing more goes into
    /// them; each goes to ``elementDone``.
    func close(_ number: Int) {
        let index = openIndex(number)
        while open.count > index {
            let (closing, element) = open.removeLast()
            if let elementDone { elementDone(closing, element) } else { closed.append((closing, element)) }
        }
    }

    /// Draws `body`, which draws only texts, as marked content of open element `element` on the current page.
    func tagged(_ element: Int, _ body: () -> Void) {
        let tag = marked(element)
        sequence(.begin(tag: tag.tag, mcid: tag.mcid), texts: true, body)
    }

    /// Draws `graphics` (fills) as marked content of open element `element` on the current page.
    func tagged(_ element: Int, graphics: [Op]) {
        let tag = marked(element)
        sequence(.begin(tag: tag.tag, mcid: tag.mcid), texts: false) { graphics.forEach(graphic) }
    }

    /// A new marked-content id of open element `element` on the current page (in the parent tree and the
    /// element's kids), with the element's type.
    private func marked(_ element: Int) -> (tag: String, mcid: Int) {
        let mcid = parents[page].count
        parents[page].append(element)
        let index = openIndex(element)
        open[index].element.kids.append(.content(page: page, mcid: mcid))
        return (open[index].element.tag, mcid)
    }

    /// Draws `body`, which draws only texts, as an artifact (`kind`: `/Pagination`, `/Layout`).
    func artifact(_ kind: String = "/Layout", _ body: () -> Void) {
        sequence(.artifact(kind), texts: true, body)
    }

    /// Draws `graphic` (a fill, a rule or a form) as a `/Layout` artifact.
    func artifact(_ graphic: Op) {
        sequence(.artifact("/Layout"), texts: false) { self.graphic(graphic) }
    }

    /// `body` drawn inside the marked-content sequence that `start` (``Op/begin(tag:mcid:)`` or ``Op/artifact(_:)``)
    /// begins; `texts`: whether `body` draws only texts (what the content stream needs to know as it begins).
    private func sequence(_ start: Op, texts: Bool, _ body: () -> Void) {
        if let stream {
            switch start {
            case .begin(let tag, let mcid): stream.begin(tag: tag, mcid: mcid, texts: texts)
            case .artifact(let kind): stream.artifact(kind, texts: texts)
            default: preconditionFailure("\(start) begins no marked content")
            }
        } else {
            pages[page].append(start)
        }
        body()
        if let stream { stream.end() } else { pages[page].append(.end) }
    }

    /// Draws a fill, a rule or a form.
    private func graphic(_ op: Op) {
        if let stream { stream.graphic(op) } else { pages[page].append(op) }
    }

    /// A new form of `ops` (drawn from its own origin), its index for ``Op/form(_:x:y:)``.
    func form(_ ops: [Op]) -> Int {
        forms.append(ops)
        return forms.count - 1
    }

    /// Draws `line` with its left end at `x` and baseline `baseline`.
    func draw(_ line: TextShaper.Line, x: Float, baseline: Float) {
        if let stream {
            for (offset, run) in line.runs where !run.glyphs.isEmpty { stream.text(run, x: x + offset, y: baseline) }
        } else {
            PageLayout.append(line, x: x, baseline: baseline, to: &pages[page])
        }
    }

    /// Draws `run`, a line of one run, with its left end at `x` and baseline `baseline`.
    func draw(_ run: TextShaper.Run, x: Float, baseline: Float) {
        guard !run.glyphs.isEmpty else { return }
        if let stream { stream.text(run, x: x, y: baseline) } else { pages[page].append(.text(run, x: x, y: baseline)) }
    }

    /// `line`'s texts (a run with glyphs each) appended to `ops`, its left end at `x` and baseline `baseline`.
    static func append(_ line: TextShaper.Line, x: Float, baseline: Float, to ops: inout [Op]) {
        for (offset, run) in line.runs where !run.glyphs.isEmpty { ops.append(.text(run, x: x + offset, y: baseline)) }
    }

    func heading(level: Int, title: String) {
        outline.append((level, title, page, y))
    }

    /// Hands the current page's bytes to ``streamDone`` or its operations to ``pageDone`` (if set) and keeps none
    /// of them.
    func finishPage() {
        if let stream {
            let bytes = stream.finish()
            streamDone?(page, bytes)
            return
        }
        guard let pageDone else { return }
        pageDone(page, pages[page])
        pages[page] = []
    }

    /// Page numbers `n / N` at the foot of every page, as pagination artifacts (the count is known only now).
    func numberPages() {
        let count = pages.count
        for index in 0..<count { pages[index] += pageNumber(index, of: count) }
    }

    /// Page `index`'s number `n / N` at its foot, as a pagination artifact.
    func pageNumber(_ index: Int, of count: Int) -> [Op] {
        let words = shaper.words("\(index + 1) / \(count)", style: .regular, size: 8)
        let line = shaper.lines(words, width: width)[0]
        let x = (PageLayout.pageWidth - line.runs.reduce(0) { $0 + $1.run.width }) / 2
        var ops: [Op] = [.artifact("/Pagination")]
        PageLayout.append(line, x: x, baseline: 28, to: &ops)
        ops.append(.end)
        return ops
    }
}
