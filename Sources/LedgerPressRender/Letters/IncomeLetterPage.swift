import LedgerPressCore

/// The proof-of-income letter and its verify pages as HTML, from the templates `letter-figures.html`,
/// `income-letter.html` and `verify-letter.html` inside the site's `layout.html`, in the payee's words
/// (`strings/<language>.json`): the verify page of the current letter shows the letter's own figures
/// (``figuresHTML(_:)``) and nothing else of the payee's.
///
/// > Note: every ledger text (name, ids, issuer, payout ids, a revocation's reason) reaches the page only as a
/// > template text, which `HTMLText.escape` escapes; amounts and dates are formatted for the payee's locale
/// > (``MoneyFormats``, ``Wording``).
public struct IncomeLetterPage: Sendable {
    /// What the letter's verification block shows.
    public struct Verification: Sendable, Equatable {
        /// SHA-256 of the figures document's canonical bytes, hex.
        public var sha256: String
        /// The Ed25519 signature over those bytes, base64.
        public var signature: String
        public var keyID: String
        /// SHA-256 of the public key's DER, hex.
        public var fingerprint: String
        /// The public key's path from the letter (`../../keys/<key-id>.pub`).
        public var keyHref: String
        /// The verify page's full URL.
        public var verifyURL: String
        /// The short URL printed under the QR code, which the QR code holds (`<base>/v/<short>.html`).
        public var shortURL: String
        /// The figures document's link (`income-letter.json`; its full URL in the PDF).
        public var jsonHref = "income-letter.json"

        public init(
            sha256: String, signature: String, keyID: String, fingerprint: String, keyHref: String, verifyURL: String,
            shortURL: String
        ) {
            self.sha256 = sha256
            self.signature = signature
            self.keyID = keyID
            self.fingerprint = fingerprint
            self.keyHref = keyHref
            self.verifyURL = verifyURL
            self.shortURL = shortURL
        }
    }

    /// What the verify page of a letter says about it.
    public enum Verdict: Sendable, Equatable {
        /// The payee's current letter: its figures follow.
        case current
        /// Replaced by a newer letter, issued as of this time (in its payee's offset); `exact`: false when only a
        /// bound is known (the newer letter's issue time was not recorded), and the page says "on or before". The
        /// newer letter itself is never named: its page shows the payee's figures since.
        case superseded(asOf: Timestamp, exact: Bool)
        /// Revoked by the operator (`--revoked-letters`), with the reason given, if any.
        case revoked(reason: String?)
    }

    let templates: TemplateSet
    let wording: Wording
    let formats: MoneyFormats
    let footer: String
    public let issuer: String?

    /// The pages of one payee's letter in `wording`'s words; `footer`: the payee pages' footer.
    public init(templates: TemplateSet, wording: Wording, formats: MoneyFormats, footer: String, issuer: String?) {
        self.templates = templates
        self.wording = wording
        self.formats = formats
        self.footer = footer
        self.issuer = issuer
    }

    /// The figures: the payee, the issue time, then per currency the four tables. The same HTML on both pages.
    public func figuresHTML(_ letter: IncomeLetter) -> String {
        templates.renderLetterFigures(
            IncomeLetterPage.figuresContext(letter, issuer: issuer, wording: wording, formats: formats))
    }

    /// What `letter-figures.html` sees (every amount and date formatted): what a natively printed letter draws.
    public func figuresContext(_ letter: IncomeLetter) -> TemplateObject {
        IncomeLetterPage.figuresContext(letter, issuer: issuer, wording: wording, formats: formats)
    }

    /// The letter (`payees/<folder>/income-letter.html`): figures, then the verification block with the QR code;
    /// `downloads`: the letter's other files to link beside it (its PDF). `back`: the link to the payee's home
    /// (not in the page printed to PDF, whose links are all full URLs).
    public func letter(
        _ letter: IncomeLetter, verification v: Verification, downloads: [StatementPageView.Download] = [],
        back: Bool = true
    ) throws -> String {
        let title = wording.fill("letter_title", ["name": letter.payee.name])
        let qr = try QRCode.svg(for: v.shortURL, escapedLabel: HTMLText.escape(wording["letter_qr_label"]))
        let body = templates.renderIncomeLetter([
            "title": .text(title), "figures_html_trusted": .text(figuresHTML(letter)), "qr_svg_trusted": .text(qr),
            "short_url": .text(v.shortURL), "verify_url": .text(v.verifyURL), "sha256": .text(v.sha256),
            "signature": .text(v.signature), "key_href": .text(v.keyHref), "key_id": .text(v.keyID),
            "fingerprint": .text(v.fingerprint), "json_href": .text(v.jsonHref), "t": .object(wording.templateWords),
        ])
        return layout(
            title: BidiIsolation.isolate(title), assets: "../", back: back, body: body, downloads: downloads)
    }

    /// `verify/<sha256>.html` (and the same bytes at `v/<short>.html`) of one of the payee's letters: the verdict,
    /// and the figures only for the current letter (`letter`, issued by this run). A superseded letter's page says
    /// when it was superseded and links nowhere newer; a revoked letter's page says it was revoked as of the run's
    /// as-of time (the letter's issue time) and why.
    public func verifyPage(sha256: String, verdict: Verdict, letter: IncomeLetter) -> String {
        var context: TemplateObject = ["sha256": .text(sha256), "t": .object(wording.templateWords)]
        switch verdict {
        case .current:
            context["current"] = true
            context["figures_html_trusted"] = .text(figuresHTML(letter))
        case .superseded(let asOf, let exact):
            let date = wording.asOf(asOf, offset: Int(asOf.offsetSeconds))
            context["superseded"] = true
            if exact {
                context["superseded_text"] = .text(wording.fill("verify_superseded_text", ["date": date]))
            } else {
                context["superseded_text"] = .text(wording.fill("verify_superseded_bound_text", ["date": date]))
            }
        case .revoked(let reason):
            let date = wording.asOf(letter.issuedAt, offset: letter.issuedAtOffset)
            context["revoked"] = true
            context["revoked_text"] = .text(wording.fill("verify_revoked_text", ["date": date]))
            context["has_reason"] = .flag(!(reason ?? "").isEmpty)
            context["reason"] = .text(reason ?? "")
        }
        return layout(
            title: wording["verify_title"], assets: "../assets/", back: false,
            body: templates.renderVerifyLetter(context), downloads: [])
    }

    func layout(title: String, assets: String, back: Bool, body: String, downloads: [StatementPageView.Download])
        -> String
    {
        var context: TemplateObject = [
            "lang": .text(wording.language), "title": .text(title), "assets_href": .text(assets),
            "has_downloads": .flag(!downloads.isEmpty),
            "downloads": .list(downloads.map { ["href": .text($0.href), "label": .text($0.label)] }),
            "payee_type": "letter", "statement_html_trusted": .text(body), "footer": .text(footer),
            "t": .object(wording.templateWords),
        ]
        if back {
            context["back_href"] = "index.html"
            context["back_label"] = .text(wording["all_statements"])
        }
        return templates.renderLayout(context)
    }
}
