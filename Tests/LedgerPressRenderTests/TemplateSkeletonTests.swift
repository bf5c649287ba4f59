import Testing

@testable import LedgerPressRender

/// A context filled into its shape's skeleton renders byte for byte what the template renders for it: for
/// the shipped templates, for contexts that share a shape but not their texts, and for layouts that do
/// unusual things with their values (then there is no skeleton).
@Suite struct TemplateSkeletonTests {
    static let hostile = [
        "Zoë <b>*Z*</b> # [x](y)", "<b>&amp;</b> \"quoted\" 'single'", "مرحبا — Week 2026-W42",
        "control \u{0}\u{1}\u{7F}\u{85} tab\tend", "marker \u{E000}<&Lp0a\u{E000} and \u{E000}&lt;&amp;Lp1b\u{E000}",
        "{{title}} {{{x}}}", "\u{202E}override", "- list", "1. item", "  lead", "`code` ```fence",
    ]

    static func templates(layout: String? = nil, limit: Int = 1024, byteLimit: Int = 32 << 20) throws -> TemplateSet {
        let shipped = try StringTablesTests.shipped()
        var texts = Dictionary(uniqueKeysWithValues: shipped.sources.map { ($0.name, $0.text) })
        if let layout { texts["layout.html"] = layout }
        return try TemplateSet(texts: texts, skeletonLimit: limit, skeletonByteLimit: byteLimit)
    }

    /// A statement-shaped context (``WordedTemplatesTests/context(_:name:)``) with `text` in every text but
    /// the words, and the flags and lists given.
    static func context(
        _ words: [String: String], text: String, chart: Bool = false, sections: Int = 1, issuer: String? = nil,
        payouts: Bool = false
    ) -> TemplateObject {
        var context = WordedTemplatesTests.context(words, name: text)
        context["title"] = .text("Statement " + text)
        context["statement_html_trusted"] = .text("<p>" + text + "</p>")
        context["footer"] = .text(text)
        if let issuer { context["issuer"] = .text(issuer) }
        guard var section = context["sections"]?.list?.first else { return context }
        section["currency"] = .text(text)
        section["has_chart"] = .flag(chart)
        section["has_payouts"] = .flag(payouts)
        if chart { section["chart_block"] = .text("```ledgerpress-chart x\n" + text + "\n```\n") }
        context["sections"] = .list(Array(repeating: section, count: sections))
        context["downloads"] = [["href": .text(text + ".csv"), "label": "CSV"]]
        context["has_downloads"] = true
        return context
    }

    /// Every rendering of `templates` through skeletons equals the template's own rendering (the payee's home,
    /// rendered in full in its words, too).
    static func expectSameBytes(_ templates: TemplateSet, _ context: TemplateObject, wording: Wording) {
        for driver in [true, false] {
            #expect(
                templates.renderStatementMarkdown(context, driver: driver, wording: wording)
                    == templates.renderStatementMarkdown(context, driver: driver))
        }
        #expect(templates.renderLayout(context, wording: wording) == templates.renderLayout(context))
        #expect(templates.renderPayeeIndex(context, wording: wording) == templates.renderPayeeIndex(context))
    }

    /// Contexts of one shape with different texts fill one skeleton per template and locale, each one to
    /// its own bytes: the two statement templates and the layout (the payee's home gets none).
    @Test(arguments: ["en_US", "de_DE", "ja_JP"]) func oneShapeManyTexts(_ locale: String) throws {
        let templates = try Self.templates()
        let wording = templates.wording(for: locale)
        for text in ["plain"] + Self.hostile {
            Self.expectSameBytes(templates, Self.context(wording.words, text: text), wording: wording)
        }
        #expect(templates.skeletons.usage.count == 3)
    }

    /// Flags, list lengths and empty texts make other shapes, each rendered to its own bytes.
    @Test func shapesDiffer() throws {
        let templates = try Self.templates()
        let wording = templates.wording(for: "en_US")
        for payouts in [false, true] {
            for text in ["a", "<b>"] {
                Self.expectSameBytes(
                    templates, Self.context(wording.words, text: text, payouts: payouts), wording: wording)
            }
        }
        #expect(templates.skeletons.usage.count == 2 * 3)
        for chart in [false, true] {
            for sections in [0, 1, 2] {
                for issuer in [nil, "", "Acme <Ltd>"] {
                    for text in ["a", "<b>"] {
                        let context = Self.context(
                            wording.words, text: text, chart: chart, sections: sections, issuer: issuer)
                        Self.expectSameBytes(templates, context, wording: wording)
                    }
                }
            }
        }
        // Sections 0 (the chart flag has nowhere to go), 1 and 2 with and without a chart; three issuers; three
        // templates with skeletons.
        #expect(templates.skeletons.usage.count == 2 * 3 + ((1 + 2 * 2) * 3 - 1) * 3)
    }

    /// A shape met once is rendered in full and only noted; met again, it gets its skeleton.
    @Test func aShapeGetsItsSkeletonTheSecondTime() throws {
        let templates = try Self.templates()
        let wording = templates.wording(for: "en_US")
        let context = Self.context(wording.words, text: "<one>")
        let key = TemplateSet.shape(of: context, name: "layout.html", wording: wording).key
        #expect(templates.renderLayout(context, wording: wording) == templates.renderLayout(context))
        #expect(templates.skeletons.usage.count == 1)
        var made = false
        #expect(
            templates.skeletons.skeleton(for: key) {
                made = true; return nil
            } == nil)
        #expect(made)
        made = false
        _ = templates.skeletons.skeleton(for: key) {
            made = true; return nil
        }
        #expect(!made)
    }

    /// A skeleton is made outside the cache's lock: a caller meeting the shape while it is being made gets no
    /// skeleton (and renders in full) instead of waiting, and the skeleton is kept once made.
    @Test func aShapeBeingMadeIsRenderedInFullByOthers() throws {
        let templates = try Self.templates()
        let wording = templates.wording(for: "en_US")
        let context = Self.context(wording.words, text: "<one>")
        let key = TemplateSet.shape(of: context, name: "layout.html", wording: wording).key
        #expect(
            templates.skeletons.skeleton(for: key) {
                Issue.record("made the first time"); return nil
            } == nil)
        var innerAnswered = false
        var innerGotOne = false
        var madeInside = false
        let outer = templates.skeletons.skeleton(for: key) {
            // Another lookup of the same shape while this one is being made: no deadlock, no second making.
            let inner = templates.skeletons.skeleton(for: key) {
                madeInside = true; return nil
            }
            innerAnswered = true
            innerGotOne = inner != nil
            return TemplateSkeleton(slots: 1, escape: HTMLText.escape) { "<p>" + $0.joined() + "</p>" }
        }
        #expect(outer != nil)
        #expect(innerAnswered && !innerGotOne)
        #expect(!madeInside)
        #expect(
            templates.skeletons.skeleton(for: key) {
                Issue.record("made twice"); return nil
            }?.pieces == outer?.pieces)
    }

    /// With no room left for skeletons, contexts are rendered in full, to the same bytes.
    @Test func fullCacheRendersInFull() throws {
        let templates = try Self.templates(limit: 0)
        let wording = templates.wording(for: "en_US")
        Self.expectSameBytes(templates, Self.context(wording.words, text: "<x>"), wording: wording)
        #expect(templates.skeletons.usage.count == 0)
    }

    /// The byte budget stops new skeletons once it is spent (one skeleton may go past it); the shapes kept
    /// still serve, and every rendering keeps its bytes.
    @Test func byteBudgetStopsNewSkeletons() throws {
        let templates = try Self.templates(byteLimit: 1)
        let wording = templates.wording(for: "en_US")
        for sections in [1, 2, 1] {
            Self.expectSameBytes(
                templates, Self.context(wording.words, text: "<x>", sections: sections), wording: wording)
        }
        #expect(templates.skeletons.usage.count == 1)
        #expect(templates.skeletons.usage.bytes > 1)
    }

    /// Raw and escaped uses of the same text, and texts used twice, still fill a skeleton.
    @Test func rawAndEscapedUses() throws {
        let templates = try Self.templates(
            layout: "<title>{{title}}</title><h1>{{{title}}}</h1>{{#downloads}}<a href=\"{{href}}\">{{label}}</a>"
                + "{{/downloads}}{{#title}}[{{.}}]{{/title}}{{{statement_html_trusted}}}{{statement_html_trusted}}")
        let wording = templates.wording(for: "en_US")
        for text in Self.hostile {
            Self.expectSameBytes(templates, Self.context(wording.words, text: text), wording: wording)
        }
        #expect(templates.skeletons.usage.count == 3)
    }

    /// A layout that transforms a text, changes its delimiters, uses another content type or holds marker
    /// text itself: every context still renders to the layout's own bytes.
    @Test(arguments: [
        "<title>{{uppercased(title)}}</title>{{{statement_html_trusted}}}",
        "{{lowercased(title)}}{{capitalized(footer)}}{{{lowercased(statement_html_trusted)}}}",
        "{{#reversed(title)}}{{.}}{{/reversed(title)}}{{{statement_html_trusted}}}",
        "{{empty(title)}}{{^empty(issuer)}}[{{issuer}}]{{/empty(issuer)}}{{{statement_html_trusted}}}",
        "{{=<% %>=}}<title><%title%></title><%&statement_html_trusted%>",
        "\u{E000}<&Lp0a\u{E000}{{title}}{{{statement_html_trusted}}}",
        "{{% CONTENT_TYPE: LEDGERPRESS_MARKDOWN}}{{title}}{{{statement_html_trusted}}}",
        "{{#sections}}{{currency}}{{/sections}}{{#reversed(sections)}}{{currency}}{{/reversed(sections)}}",
    ])
    func unusualLayouts(_ layout: String) throws {
        let templates = try Self.templates(layout: layout)
        let wording = templates.wording(for: "en_US")
        for text in ["plain", "Plain"] + Self.hostile {
            for issuer in [nil, "", "Acme"] {
                Self.expectSameBytes(
                    templates, Self.context(wording.words, text: text, sections: 2, issuer: issuer), wording: wording)
            }
        }
    }

    /// A transformed text leaves its shape without a skeleton.
    @Test func transformedTextHasNoSkeleton() throws {
        let templates = try Self.templates(layout: "{{lowercased(title)}}{{{statement_html_trusted}}}")
        let wording = templates.wording(for: "en_US")
        let context = Self.context(wording.words, text: "Mixed Case")
        _ = templates.renderLayout(context, wording: wording)
        _ = templates.renderLayout(context, wording: wording)
        let key = TemplateSet.shape(of: context, name: "layout.html", wording: wording).key
        #expect(
            templates.skeletons.skeleton(for: key) {
                Issue.record("made again"); return nil
            } == nil)
        #expect(templates.renderLayout(context, wording: wording) == templates.renderLayout(context))
    }

    /// The shape of `object` (``ContextShape/split(_:skipping:key:texts:)``) as text.
    static func shape(_ object: TemplateObject, skipping skip: String? = nil, texts: inout [String]) -> String {
        var key = ByteText(capacity: 64)
        ContextShape.split(object, skipping: skip, key: &key, texts: &texts)
        return key.string
    }

    /// Texts come back in the order of the shape and go back to the same names; a context built in another
    /// order has the same shape and renders to its own bytes.
    @Test func shapeAndTexts() throws {
        let a: TemplateObject = [
            "x": "1", "y": .flag(true), "z": .object(["p": "2", "q": ""]), "t": .object(["w": "word"]),
        ]
        var texts: [String] = []
        let shape = Self.shape(a, skipping: "t", texts: &texts)
        #expect(Set(texts) == ["1", "2"] && texts.count == 2)
        var next = 0
        let replaced = ContextShape.replacing(a, skipping: "t", with: texts.map { $0 + "!" }, next: &next)
        #expect(next == 2)
        #expect(replaced["x"]?.text == "1!" && replaced["z"]?.object?["p"]?.text == "2!")
        #expect(replaced["z"]?.object?["q"]?.text == "" && replaced["t"]?.object?["w"]?.text == "word")
        var again: [String] = []
        #expect(Self.shape(replaced, skipping: "t", texts: &again) == shape)

        let templates = try Self.templates()
        let wording = templates.wording(for: "en_US")
        let built = Self.context(wording.words, text: "<one>")
        var reversed = TemplateObject()
        for (name, value) in built.entries.reversed() { reversed[name] = value }
        reversed["title"] = "Other <title>"
        for context in [built, reversed] { Self.expectSameBytes(templates, context, wording: wording) }
        #expect(templates.skeletons.usage.count == 3)
    }

    /// A name is never read as part of another's shape: these two objects differ only in where a name ends.
    @Test func namesCannotRunTogether() {
        var one: [String] = []
        var two: [String] = []
        let a = Self.shape(["ab": "x"], texts: &one)
        let b = Self.shape(["a": .object(["b": "x"])], texts: &two)
        #expect(a != b)
    }

    /// The first `cut`, scanning every byte: the reference the memchr scan is checked against.
    static func referenceCut(_ text: String, markers: [String], escape: (String) -> String) -> [TemplateSkeleton.Piece]?
    {
        typealias Piece = TemplateSkeleton.Piece
        let lead = Array("\u{E000}".utf8)
        var forms: [[UInt8]: Piece] = [:]
        var longest = 0
        for (index, marker) in markers.enumerated() {
            let escaped = escape(marker)
            guard escaped != marker else { return nil }
            for (form, isEscaped) in [(marker, false), (escaped, true)] {
                let bytes = Array(form.utf8)
                guard bytes.count > 2 * lead.count, bytes.starts(with: lead),
                    bytes.suffix(lead.count).elementsEqual(lead)
                else { return nil }
                let body = Array(bytes[lead.count..<(bytes.count - lead.count)])
                guard !body.contains(lead[0]) else { return nil }
                forms[body] = .slot(index, escaped: isEscaped)
                longest = max(longest, body.count)
            }
        }
        let bytes = Array(text.utf8)
        var pieces: [Piece] = []
        var literalStart = 0
        var i = 0
        while i < bytes.count {
            guard bytes[i] == lead[0], bytes[i...].starts(with: lead) else {
                i += 1
                continue
            }
            // The body runs to the next bracket, if one comes soon enough to close a marker.
            let bodyStart = i + lead.count
            let limit = min(bytes.count, bodyStart + longest + 1)
            guard let close = bytes[bodyStart..<limit].firstIndex(of: lead[0]), bytes[close...].starts(with: lead),
                let piece = forms[Array(bytes[bodyStart..<close])]
            else {
                i += 1
                continue
            }
            if literalStart < i {
                pieces.append(.literal(String(decoding: bytes[literalStart..<i], as: UTF8.self)))
            }
            pieces.append(piece)
            i = close + lead.count
            literalStart = i
        }
        if literalStart < bytes.count {
            pieces.append(.literal(String(decoding: bytes[literalStart...], as: UTF8.self)))
        }
        return pieces
    }

    /// The memchr scan cuts every text as the byte-by-byte scan did: random texts of markers (raw, escaped), lone
    /// and broken brackets, other private-use characters (U+E001 shares two bytes with the bracket), near-miss
    /// bodies, and ordinary and multi-byte text.
    @Test func cutMatchesTheByteByByteScan() {
        let markers = TemplateSkeleton.markers(slots: 12, nonce: "a")
        let alphabet =
            markers + markers.map(HTMLText.escape) + markers.map(MarkdownText.escape) + [
                "\u{E000}", "\u{E001}", "\u{E000}<&Lp9a\u{E000}", "\u{E000}<&Lp1b\u{E000}", "\u{E000}\u{E000}",
                "\u{E000}<&Lp0a", "<&Lp0a\u{E000}", "<p>", "x", "é", "日本", "&amp;", " ", "\u{EE}",
            ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<20_000 {
            let text = (0..<next(9)).map { _ in alphabet[next(alphabet.count)] }.joined()
            for escape in [HTMLText.escape, MarkdownText.escape, { $0 }] as [(String) -> String] {
                #expect(
                    TemplateSkeleton.cut(text, markers: markers, escape: escape)
                        == Self.referenceCut(text, markers: markers, escape: escape), "\(text.debugDescription)")
            }
        }
    }

    @Test func cutFindsRawAndEscapedMarkers() throws {
        let markers = TemplateSkeleton.markers(slots: 2, nonce: "a")
        let text = "<p>" + markers[0] + "|" + HTMLText.escape(markers[1]) + markers[1] + "</p>"
        #expect(
            TemplateSkeleton.cut(text, markers: markers, escape: HTMLText.escape) == [
                .literal("<p>"), .slot(0, escaped: false), .literal("|"), .slot(1, escaped: true),
                .slot(1, escaped: false), .literal("</p>"),
            ])
    }
}
