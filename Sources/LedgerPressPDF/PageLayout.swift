/// The flow of a document onto A4 pages: drawing operations per page, the tagged structure they belong to
/// (structure elements, their marked-content ids, the parent tree) and the outline from the headings.
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
    }

    /// A structure element: its type, parent, children (elements or marked content), and attributes.
    struct Element {
        enum Kid {
            case element(Int)
            case content(page: Int, mcid: Int)
        }

        var tag: String
        var parent: Int
        var kids: [Kid] = []
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
    /// Per page, the structure element of each marked-content id (the parent tree).
    private(set) var parents: [[Int]] = [[]]
    private(set) var elements: [Element] = [Element(tag: "Document", parent: -1)]
    /// The headings: level, text, page and y.
    private(set) var outline: [(level: Int, title: String, page: Int, y: Float)] = []
    var y: Float = PageLayout.top
    /// Where each finished page's operations go as soon as the page is full (its index and operations); the page
    /// then keeps none of them, so a long document's layout holds one page at a time. Without it, ``pages`` keeps
    /// every page and ``layout(_:)`` numbers them.
    var pageDone: ((Int, [Op]) -> Void)?
    /// How many body rows of a grid table keep their shaped cells from measuring to drawing (the rest are shaped
    /// again when drawn): short tables are shaped once, a long table's shaped cells do not pile up.
    var keptRows = 200

    init(shaper: TextShaper, pageDone: ((Int, [Op]) -> Void)? = nil) {
        self.shaper = shaper
        self.pageDone = pageDone
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
        if y - height < PageLayout.bottom, y < PageLayout.top { newPage() }
    }

    /// A new structure element under `parent`.
    func element(_ tag: String, parent: Int, alt: String? = nil, scope: String? = nil) -> Int {
        elements.append(Element(tag: tag, parent: parent, alt: alt, scope: scope))
        let index = elements.count - 1
        elements[parent].kids.append(.element(index))
        return index
    }

    /// Draws `body` as marked content of `element` on the current page.
    func tagged(_ element: Int, _ body: () -> Void) {
        let mcid = parents[page].count
        parents[page].append(element)
        elements[element].kids.append(.content(page: page, mcid: mcid))
        pages[page].append(.begin(tag: elements[element].tag, mcid: mcid))
        body()
        pages[page].append(.end)
    }

    /// Draws `body` as an artifact (`kind`: `/Pagination`, `/Layout`).
    func artifact(_ kind: String = "/Layout", _ body: () -> Void) {
        pages[page].append(.artifact(kind))
        body()
        pages[page].append(.end)
    }

    func draw(_ op: Op) { pages[page].append(op) }

    /// Draws `line` with its left end at `x` and baseline `baseline`.
    func draw(_ line: TextShaper.Line, x: Float, baseline: Float) {
        for (offset, run) in line.runs where !run.glyphs.isEmpty {
            draw(.text(run, x: x + offset, y: baseline))
        }
    }

    func heading(level: Int, title: String) {
        outline.append((level, title, page, y))
    }

    /// Hands the current page's operations to ``pageDone`` (if set) and keeps none of them.
    func finishPage() {
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
        for (offset, run) in line.runs where !run.glyphs.isEmpty { ops.append(.text(run, x: x + offset, y: 28)) }
        ops.append(.end)
        return ops
    }
}
