import Foundation

/// One Chromium of a ``PDFEngine`` (Debian's `chromium`, headless): each job's page is loaded into the same tab
/// with its stylesheet inlined and printed with the stylesheet's print rules (A4, its margins, backgrounds), an
/// outline from the headings, tags for assistive technology, and page numbers in the bottom margin; then
/// ``ChromiumPDFFinish`` fixes its dates and structure names and attaches the statement's file.
///
/// Nothing is fetched: the page keeps its Content-Security-Policy (`default-src 'none'`, images only from `data:`),
/// which now allows the inlined stylesheet only, and the browser resolves no host name. The browser is started
/// again after ``documentsPerBrowser`` documents, which bounds its memory and keeps the structure numbers short.
final class ChromiumPrinter: PDFPrinter {
    static let documentsPerBrowser = 500

    private let pipe: DevToolsPipe
    private let session: String
    private let frame: String
    private var printed = 0

    init(binary: String, log: URL, environment: [String: String], timeout: Double) throws {
        var environment = environment
        // Skia writes the clock's local offset into the dates it stamps; UTC keeps their width.
        environment["TZ"] = "UTC"
        var arguments = [
            "--headless", "--disable-gpu", "--no-first-run", "--no-default-browser-check", "--disable-dev-shm-usage",
            "--disable-extensions", "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--mute-audio", "--hide-scrollbars", "--force-color-profile=srgb",
            "--disable-features=Translate,MediaRouter",
            "--host-resolver-rules=MAP * ~NOTFOUND", "--font-render-hinting=none",
        ]
        if geteuid() == 0 { arguments.append("--no-sandbox") }
        pipe = try DevToolsPipe(
            binary: binary, arguments: arguments, environment: environment, log: log, timeout: timeout)
        do {
            let target = try pipe.send("Target.createTarget", ["url": "about:blank"])
            pipe.claimSingletonFolder()
            guard let id = target["targetId"] as? String else { throw DevToolsPipe.Failure(description: "no tab") }
            let attached = try pipe.send("Target.attachToTarget", ["targetId": id, "flatten": true])
            guard let session = attached["sessionId"] as? String else {
                throw DevToolsPipe.Failure(description: "no session")
            }
            self.session = session
            let tree = try pipe.send("Page.getFrameTree", session: session)
            guard let frame = (tree["frameTree"] as? [String: Any])?["frame"] as? [String: Any],
                let frameID = frame["id"] as? String
            else { throw DevToolsPipe.Failure(description: "no frame") }
            self.frame = frameID
            try pipe.send("Network.enable", session: session)
            try pipe.send("Network.setBlockedURLs", ["urls": ["*"]], session: session)
        } catch {
            pipe.stop()
            throw error
        }
    }

    var worn: Bool { printed >= Self.documentsPerBrowser }

    func stop() { pipe.stop() }

    func print(_ job: PDFEngine.Job) throws -> Data {
        printed += 1
        // One deadline for the whole document (``DevToolsPipe/timeout``, 60 s), over all of its commands.
        let deadline = PrinterProcess.deadline(in: pipe.timeout)
        let html = Self.printable(page: job.page, stylesheet: job.stylesheet)
        try pipe.send(
            "Page.setDocumentContent", ["frameId": frame, "html": html], session: session, deadline: deadline)
        try pipe.send(
            "Runtime.evaluate", ["expression": "document.fonts.ready.then(() => true)", "awaitPromise": true],
            session: session, deadline: deadline)
        let result = try pipe.send(
            "Page.printToPDF",
            [
                "printBackground": true, "preferCSSPageSize": true, "generateDocumentOutline": true,
                "generateTaggedPDF": true, "displayHeaderFooter": true, "headerTemplate": "<span></span>",
                "footerTemplate": Self.footer,
            ], session: session, deadline: deadline)
        guard let encoded = result["data"] as? String, let pdf = Data(base64Encoded: encoded) else {
            throw DevToolsPipe.Failure(description: "Page.printToPDF: no data")
        }
        return try ChromiumPDFFinish.finish(pdf, created: job.created, attachment: job.attachment)
    }

    /// Page numbers, centred in the bottom margin (Chromium fills the two spans).
    static let footer =
        #"<div style="width:100%;text-align:center;font:7pt 'DejaVu Sans',sans-serif;color:#555">"#
        + #"<span class="pageNumber"></span> / <span class="totalPages"></span></div>"#

    /// The statement page as printed: its stylesheet inside it (`<style>` before `</head>`) and its policy's
    /// `style-src 'self'` turned into `'unsafe-inline'`, so that the inlined stylesheet is its only style source.
    /// Only the policy's own `<meta http-equiv="Content-Security-Policy">` tags in the head change: the same
    /// words anywhere else (a template's text, a description) print as they are.
    static func printable(page: Data, stylesheet: String) -> String {
        var html = String(decoding: page, as: UTF8.self)
        let headEnd = html.range(of: "</head>", options: .caseInsensitive)?.lowerBound ?? html.endIndex
        var policies: [Range<String.Index>] = []
        var from = html.startIndex
        while let open = html.range(of: "<meta", options: .caseInsensitive, range: from..<headEnd),
            let close = html.range(of: ">", range: open.upperBound..<headEnd)
        {
            let tag = open.lowerBound..<close.upperBound
            if isPolicy(html[tag]) { policies.append(tag) }
            from = close.upperBound
        }
        for tag in policies.reversed() {
            html.replaceSubrange(
                tag, with: html[tag].replacingOccurrences(of: "style-src 'self'", with: "style-src 'unsafe-inline'"))
        }
        let style = "<style>\n" + stylesheet.replacingOccurrences(of: "</", with: "<\\/") + "\n</style>\n"
        if let head = html.range(of: "</head>") {
            html.insert(contentsOf: style, at: head.lowerBound)
        } else {
            html = style + html
        }
        return html
    }

    /// Whether a `<meta …>` tag is a Content-Security-Policy (its `http-equiv`, quoted or not, in any case).
    static func isPolicy(_ tag: Substring) -> Bool {
        let lower = tag.lowercased().replacingOccurrences(of: " ", with: "")
        return [
            "http-equiv=\"content-security-policy\"", "http-equiv='content-security-policy'",
            "http-equiv=content-security-policy",
        ].contains { lower.contains($0) }
    }
}
