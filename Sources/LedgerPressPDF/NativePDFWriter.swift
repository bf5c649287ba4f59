import LedgerPressCrypto

/// ledgerpress's own PDF writer: a ``PrintDocument`` laid out on A4 pages (``PageLayout``) and written as a
/// tagged PDF/A-3b file: fonts embedded as hb-subset subsets (Type0/CIDFontType2, `CIDToGIDMap /Identity` on the
/// subset's glyph ids, ToUnicode maps), deflated streams, a structure tree, an outline, XMP metadata, an sRGB
/// OutputIntent and the attachment as associated file.
///
/// > Note: Same document, same bytes: no clock, no host time zone, no random number; `/ID` is a hash of the
/// > objects and each subset's name prefix a hash of its glyphs. Nothing the file holds acts (no `/URI`,
/// > `/JavaScript`, `/Launch`, `/OpenAction`, `/AA`); ledger text reaches it only as glyphs and as UTF-16 hex
/// > strings.
public final class NativePDFWriter: Sendable {
    let book: FontBook
    /// The sRGB ICC profile of the OutputIntent.
    let profile: [UInt8]
    /// `profile` deflated once (every document embeds the same stream).
    let deflatedProfile: [UInt8]
    /// The SHA-256 of `deflatedProfile` (``PDFFile/stream(_:deflated:digest:)``).
    let profileDigest: [UInt8]
    /// The shaping caches of the documents being written (``ShapeCache``).
    let shapeCaches = Pool { ShapeCache() }
    /// The font subsets its documents embedded (``SubsetCache``).
    let subsets = SubsetCache()
    /// The compressors of the documents being written.
    let compressors = Pool { try PDFFile.Compressors() }

    /// A writer with the fonts (``FontBook``) and the colour profile loaded; throws ``FontBook/Missing`` or
    /// ``ProfileMissing`` when a file is not installed.
    public init() throws {
        book = try FontBook()
        profile = try NativePDFWriter.readProfile()
        deflatedProfile = try Deflate(level: Deflate.onceLevel).zlib(profile)
        profileDigest = SHA256.hash(data: deflatedProfile)
    }

    /// The PDF of `document`. Each page's content stream is written as the layout draws it (``ContentStream``) and
    /// deflated as soon as the page is full, its glyphs drawn with codes given in order of first use
    /// (``GlyphCodes``); the page numbers `n / N`, which need the count, go into a small second content stream per
    /// page at the end, with the fonts (cut down to the glyphs the document used) and the rest. Each structure
    /// element is written as soon as the layout closes it (its object number reserved when it opened). So the writer
    /// holds the file's bytes, one page's content stream, the glyph sets, the open structure elements and one number
    /// per marked-content id: its memory does not grow with the pages' drawing or the structure tree.
    public func render(_ document: PrintDocument) throws -> [UInt8] { try render(document, caching: true) }

    /// `caching`: shaping with one of ``shapeCaches`` and subsetting from preprocessed faces, else neither (the
    /// same bytes, slower).
    func render(_ document: PrintDocument, caching: Bool) throws -> [UInt8] {
        let cache = caching ? try shapeCaches.take() : nil
        defer { if let cache { shapeCaches.give(cache) } }
        let shaper = try TextShaper(book: book, cache: cache)
        let pair = try compressors.take()
        defer { compressors.give(pair) }
        var file = try PDFFile(compressors: pair)
        let catalog = file.reserve()
        let pagesObject = file.reserve()
        let structRoot = file.reserve()
        // Page `index`'s object number, reserved when first needed (a structure element closed before its page
        // is full refers to it).
        var pageObjects: [Int] = []
        func pageObject(_ index: Int) -> Int {
            while pageObjects.count <= index { pageObjects.append(file.reserve()) }
            return pageObjects[index]
        }
        var contents: [Int] = []
        var failure: (any Error)?
        let layout = PageLayout(shaper: shaper, elementNumber: { file.reserve() })
        let stream = ContentStream(book: book)
        layout.stream = stream
        layout.streamDone = { index, bytes in
            guard failure == nil else { return }
            do {
                contents.append(try file.stream("", drawing: bytes))
                _ = pageObject(index)
            } catch {
                failure = error
            }
        }
        // Each structure element as it closes: one object, written as bytes and packed into an object stream (a
        // statement has one per table cell). Its marked content on the page of its first (`/Pg`) is a bare
        // marked-content id, on another page a marked-content reference (a cell's text: `/Pg 5 0 R /K 17`).
        let language = document.language
        let scratch = CursorScratch()
        layout.elementDone = { number, element in
            guard failure == nil else { return }
            var page: Int?
            for kid in element.kids {
                if case .content(let first, _) = kid {
                    page = first
                    break
                }
            }
            // The pages it names, numbered before its body is written (a page's number may still be reserved).
            let pageNumber = page.map(pageObject)
            for kid in element.kids {
                if case .content(let on, _) = kid, on != page { _ = pageObject(on) }
            }
            // Its type, parent, page, kids, alternate text, scope and language, through a cursor: at most this many
            // bytes.
            let kid = PDFCursor.mostBytes(" <</Type /MCR /Pg  0 R /MCID >>") + 2 * PDFCursor.mostNumberBytes
            var bound =
                PDFCursor.mostBytes("<</S / /P  0 R /Pg  0 R /K []>>") + 3 * PDFCursor.mostNumberBytes
                + element.tag.utf8.count + element.kids.count * kid
            if let alt = element.alt { bound += PDFCursor.mostBytes(" /Alt ") + PDFCursor.mostBytes(textString: alt) }
            if let scope = element.scope {
                bound += PDFCursor.mostBytes(" /A <</O /Table /Scope />>") + scope.utf8.count
            }
            if element.parent < 0 {
                bound += PDFCursor.mostBytes(" /Lang ") + PDFCursor.mostBytes(textString: language)
            }
            var out = scratch.cursor(reserving: bound)
            out.text("<</S /")
            out.utf8(element.tag)
            out.text(" /P ")
            out.int(element.parent < 0 ? structRoot : element.parent)
            out.text(" 0 R")
            if let pageNumber {
                out.text(" /Pg ")
                out.int(pageNumber)
                out.text(" 0 R")
            }
            out.text(" /K ")
            if element.kids.count == 1, case .content(_, let mcid) = element.kids[0] {
                out.int(mcid)
            } else {
                out.byte(0x5B)
                for (position, kid) in element.kids.enumerated() {
                    if position > 0 { out.byte(0x20) }
                    switch kid {
                    case .element(let child):
                        out.int(child)
                        out.text(" 0 R")
                    case .content(let on, let mcid) where on == page:
                        out.int(mcid)
                    case .content(let on, let mcid):
                        out.text("<</Type /MCR /Pg ")
                        out.int(pageObjects[on])
                        out.text(" 0 R /MCID ")
                        out.int(mcid)
                        out.text(">>")
                    }
                }
                out.byte(0x5D)
            }
            if let alt = element.alt {
                out.text(" /Alt ")
                out.textString(alt)
            }
            if let scope = element.scope {
                out.text(" /A <</O /Table /Scope /")
                out.utf8(scope)
                out.text(">>")
            }
            if element.parent < 0 {
                out.text(" /Lang ")
                out.textString(language)
            }
            out.text(">>")
            do { try file.pack(number, body: scratch.written(out)) } catch { failure = error }
        }
        try layout.layout(document.blocks)
        if let failure { throw failure }
        var codes = stream.codes
        let numbers = try pageObjects.indices.map { index in
            try file.stream("", drawing: contentStream(layout.pageNumber(index, of: pageObjects.count), codes: &codes))
        }
        // The forms' streams (their glyphs need codes before the fonts are cut), each written once the fonts are.
        let formStreams = layout.forms.map { contentStream($0, codes: &codes) }
        // Fonts: each face the document used, cut down to its glyphs.
        var fontObjects: [Int: Int] = [:]
        for (face, used) in shaper.used.enumerated() where !used.isEmpty {
            fontObjects[face] = try writeFont(
                face: face, used: used, drawn: codes.glyphs[face] ?? [], preprocessed: caching, into: &file)
        }
        let fontResources = fontObjects.keys.sorted().map { "/F\($0) \(fontObjects[$0] ?? 0) 0 R" }.joined(
            separator: " ")
        // A form's box: generous, it only clips (its texts lie within the page from the form's origin).
        let forms = try formStreams.map { stream in
            try file.stream(
                " /Type /XObject /Subtype /Form /BBox [-842 -842 842 842] /Resources <</Font <<\(fontResources)>>>>",
                drawing: stream)
        }
        let formResources =
            forms.isEmpty
            ? ""
            : " /XObject <<\(forms.enumerated().map { "/L\($0.offset) \($0.element) 0 R" }.joined(separator: " "))>>"
        for (index, page) in pageObjects.enumerated() {
            file.set(
                page,
                "<</Type /Page /Parent \(pagesObject) 0 R /MediaBox [0 0 595.276 841.89] "
                    + "/Resources <</Font <<\(fontResources)>>\(formResources)>> "
                    + "/Contents [\(contents[index]) 0 R \(numbers[index]) 0 R] /StructParents \(index) /Tabs /S>>")
        }
        file.set(
            pagesObject,
            "<</Type /Pages /Kids [\(pageObjects.map { "\($0) 0 R" }.joined(separator: " "))] /Count \(pageObjects.count)>>"
        )
        // The parent tree: per page, the element of each marked-content id.
        let owners = layout.parents.reduce(0) { $0 + $1.count }
        var body: [UInt8] = []
        body.pdf(
            reserving: PDFCursor.mostBytes("<</Nums []>>") + layout.parents.count * (PDFCursor.mostNumberBytes + 4)
                + owners * (PDFCursor.mostNumberBytes + 5)
        ) { out in
            out.text("<</Nums [")
            for (page, owners) in layout.parents.enumerated() {
                if page > 0 { out.byte(0x20) }
                out.int(page)
                out.text(" [")
                for (position, owner) in owners.enumerated() {
                    if position > 0 { out.byte(0x20) }
                    out.int(owner)
                    out.text(" 0 R")
                }
                out.byte(0x5D)
            }
            out.text("]>>")
        }
        let parentTree = file.reserve()
        file.set(parentTree, bytes: body)
        file.set(
            structRoot,
            "<</Type /StructTreeRoot /K [\(layout.document) 0 R] /ParentTree \(parentTree) 0 R "
                + "/ParentTreeNextKey \(pageObjects.count)>>")
        let outline = writeOutline(layout.outline, pages: pageObjects, into: &file)
        let metadata = try file.stream(
            " /Type /Metadata /Subtype /XML", Array(xmp(document).utf8), raw: true)
        let icc = file.stream(" /N 3", deflated: deflatedProfile, digest: profileDigest)
        let intent = file.add(
            "<</Type /OutputIntent /S /GTS_PDFA1 /OutputConditionIdentifier (sRGB IEC61966-2.1) "
                + "/Info (sRGB IEC61966-2.1) /DestOutputProfile \(icc) 0 R>>")
        let date = PDFText.date(document.created)
        var names = ""
        var associated = ""
        if let attachment = document.attachment {
            let subtype = attachment.mimeType.split(separator: "/").joined(separator: "#2F")
            let embedded = try file.stream(
                " /Type /EmbeddedFile /Subtype /\(subtype) /Params <</Size \(attachment.bytes.count) "
                    + "/CreationDate (\(date)) /ModDate (\(date))>>", attachment.bytes)
            let name = PDFText.string(attachment.name)
            let spec = file.add(
                "<</Type /Filespec /F \(name) /UF \(name) /EF <</F \(embedded) 0 R /UF \(embedded) 0 R>> "
                    + "/Desc \(PDFText.string(attachment.description)) /AFRelationship /Data>>")
            names = " /Names <</EmbeddedFiles <</Names [\(name) \(spec) 0 R]>>>>"
            associated = " /AF [\(spec) 0 R]"
        }
        let info = file.add(
            "<</Title \(PDFText.string(document.title)) /Producer (ledgerpress) /Creator (ledgerpress) "
                + "/CreationDate (\(date)) /ModDate (\(date))>>")
        file.set(
            catalog,
            "<</Type /Catalog /Pages \(pagesObject) 0 R /StructTreeRoot \(structRoot) 0 R /MarkInfo <</Marked true>> "
                + "/Lang \(PDFText.string(document.language)) /Metadata \(metadata) 0 R /OutputIntents [\(intent) 0 R] "
                + "/ViewerPreferences <</DisplayDocTitle true>>"
                + (outline.map { " /Outlines \($0) 0 R /PageMode /UseOutlines" } ?? "") + names + associated + ">>")
        return try file.bytes(root: catalog, info: info)
    }

    /// The XMP packet: PDF/A-3 conformance B, the title, the dates and the producer, matching the Info dictionary.
    func xmp(_ document: PrintDocument) -> String {
        let date = document.created
        return """
            <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/"><pdfaid:part>3</pdfaid:part><pdfaid:conformance>B</pdfaid:conformance></rdf:Description>
            <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:format>application/pdf</dc:format><dc:title><rdf:Alt><rdf:li xml:lang="x-default">\(PDFText.xml(document.title))</rdf:li></rdf:Alt></dc:title><dc:language><rdf:Bag><rdf:li>\(PDFText.xml(document.language))</rdf:li></rdf:Bag></dc:language></rdf:Description>
            <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/"><xmp:CreateDate>\(date)</xmp:CreateDate><xmp:ModifyDate>\(date)</xmp:ModifyDate><xmp:CreatorTool>ledgerpress</xmp:CreatorTool></rdf:Description>
            <rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/"><pdf:Producer>ledgerpress</pdf:Producer></rdf:Description>
            </rdf:RDF></x:xmpmeta>
            <?xpacket end="w"?>
            """
    }

    /// The outline from the headings, nested by level; nil when there are none.
    private func writeOutline(
        _ headings: [(level: Int, title: String, page: Int, y: Float)], pages: [Int], into file: inout PDFFile
    )
        -> Int?
    {
        guard !headings.isEmpty else { return nil }
        let root = file.reserve()
        let items = headings.map { _ in file.reserve() }
        // Each heading's parent: the nearest earlier heading of a lower level, else the root.
        var parents: [Int] = []
        var stack: [Int] = []
        for (index, heading) in headings.enumerated() {
            while let last = stack.last, headings[last].level >= heading.level { stack.removeLast() }
            parents.append(stack.last ?? -1)
            stack.append(index)
        }
        func children(of parent: Int) -> [Int] { headings.indices.filter { parents[$0] == parent } }
        func descendants(of item: Int) -> Int {
            children(of: item).reduce(0) { $0 + 1 + descendants(of: $1) }
        }
        for (index, heading) in headings.enumerated() {
            let siblings = children(of: parents[index])
            let position = siblings.firstIndex(of: index) ?? 0
            var body =
                "<</Title \(PDFText.string(heading.title)) /Parent \(parents[index] < 0 ? root : items[parents[index]]) 0 R"
            if position > 0 { body += " /Prev \(items[siblings[position - 1]]) 0 R" }
            if position + 1 < siblings.count { body += " /Next \(items[siblings[position + 1]]) 0 R" }
            let kids = children(of: index)
            if let first = kids.first, let last = kids.last {
                body += " /First \(items[first]) 0 R /Last \(items[last]) 0 R /Count \(descendants(of: index))"
            }
            body += " /Dest [\(pages[heading.page]) 0 R /XYZ 0 \(PDFNumber.format(heading.y)) null]>>"
            file.set(items[index], body)
        }
        let top = children(of: -1)
        file.set(
            root,
            "<</Type /Outlines /First \(items[top[0]]) 0 R /Last \(items[top[top.count - 1]]) 0 R /Count \(headings.count)>>"
        )
        return root
    }
}
