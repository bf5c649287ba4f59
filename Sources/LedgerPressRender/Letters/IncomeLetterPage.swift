import LedgerPressCore

/// The proof-of-income letter and its verify page as HTML, both from one ``IncomeLetter``: the verify page
/// shows the letter's own figures tables (``figuresHTML(_:)``) and nothing else of the payee's.
///
/// > Note: every ledger text (name, ids, issuer, payout ids) goes through ``HTMLText/escape(_:)``; amounts are
/// > plain decimals with the currency code (``PlainDecimal``). English only for now.
public enum IncomeLetterPage {
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
        /// The verify page's full URL (also in the QR code).
        public var verifyURL: String

        public init(
            sha256: String, signature: String, keyID: String, fingerprint: String, keyHref: String, verifyURL: String
        ) {
            self.sha256 = sha256
            self.signature = signature
            self.keyID = keyID
            self.fingerprint = fingerprint
            self.keyHref = keyHref
            self.verifyURL = verifyURL
        }
    }

    static func money(_ minor: Int64, _ currency: Currency) -> String {
        PlainDecimal.format(minor, exponent: currency.exponent) + " " + currency.code
    }

    /// The figures: the payee, the issue time, then per currency the four tables. The same HTML on both pages.
    public static func figuresHTML(_ letter: IncomeLetter, issuer: String?) -> String {
        let e = HTMLText.escape
        var html = "<dl class=\"letter-facts\">"
        if let issuer { html += "<dt>Issued by</dt><dd>\(e(issuer))</dd>" }
        html += "<dt>Payee</dt><dd>\(e(letter.payee.name))</dd>"
        html += "<dt>Payee id</dt><dd><code>\(e(letter.payee.id))</code></dd>"
        html += "<dt>Payee type</dt><dd>\(letter.payee.type.rawValue)</dd>"
        let issued = Timestamp.format(epochSeconds: letter.issuedAt.epochSeconds, offsetSeconds: letter.issuedAtOffset)
        html += "<dt>Issued as of</dt><dd><time>\(issued)</time></dd></dl>\n"
        if letter.currencies.isEmpty { html += "<p>No earnings are recorded for this payee.</p>\n" }
        let gross = letter.payee.type == .driver ? "Gross (take)" : "Gross sales"
        for part in letter.currencies {
            let c = part.currency
            html += "<section class=\"letter-currency\"><h2>\(c.code)</h2>\n"
            html += "<table><caption>Last 12 complete months (\(c.code))</caption><thead><tr>"
            html +=
                "<th scope=\"col\">Month</th><th scope=\"col\">\(gross)</th><th scope=\"col\">Net</th></tr></thead><tbody>"
            for month in part.months {
                html +=
                    "<tr><th scope=\"row\">\(month.label)</th><td class=\"amount\">\(money(month.amounts.gross, c))</td>"
                html += "<td class=\"amount\">\(money(month.amounts.net, c))</td></tr>"
            }
            html += "</tbody></table>\n"
            html += "<table><caption>Year to date (\(c.code))</caption><thead><tr><th scope=\"col\">Year</th>"
            html += "<th scope=\"col\">\(gross)</th><th scope=\"col\">Net</th></tr></thead><tbody><tr>"
            html += "<th scope=\"row\">\(letter.issueDay.year) through \(letter.issueDay)</th>"
            html += "<td class=\"amount\">\(money(part.yearToDate.gross, c))</td>"
            html += "<td class=\"amount\">\(money(part.yearToDate.net, c))</td></tr></tbody></table>\n"
            html += "<table><caption>Average weekly net (\(c.code))</caption><thead><tr><th scope=\"col\">Weeks</th>"
            html += "<th scope=\"col\">From</th><th scope=\"col\">Through</th><th scope=\"col\">Total net</th>"
            html += "<th scope=\"col\">Average per week</th></tr></thead><tbody>"
            for weekly in part.weeklyNet {
                html += "<tr><th scope=\"row\">Last \(weekly.weeks) complete weeks</th><td>\(weekly.firstWeek)</td>"
                html += "<td>\(weekly.lastWeek)</td><td class=\"amount\">\(money(weekly.total, c))</td>"
                html += "<td class=\"amount\">\(money(weekly.average, c))</td></tr>"
            }
            html += "</tbody></table>\n"
            html += "<table><caption>Payouts received, \(letter.payoutsFrom) through \(letter.issueDay) (\(c.code))"
            html += "</caption><thead><tr><th scope=\"col\">Payout</th><th scope=\"col\">Date</th>"
            html += "<th scope=\"col\">Amount</th></tr></thead><tbody>"
            if part.payouts.isEmpty { html += "<tr><td colspan=\"3\">No payout received in this period.</td></tr>" }
            for payout in part.payouts {
                html += "<tr><th scope=\"row\"><code>\(e(payout.id))</code></th><td>\(payout.day)</td>"
                html += "<td class=\"amount\">\(money(payout.amount, c))</td></tr>"
            }
            html += "</tbody><tfoot><tr><th scope=\"row\">Total</th><td></td>"
            html += "<td class=\"amount\">\(money(part.payoutsTotal, c))</td></tr></tfoot></table>\n</section>\n"
        }
        html += "<p class=\"letter-note\">Amounts are exact sums of the ledger in the currency's minor units. "
        html += "Averages: \(IncomeLetter.roundingRule).</p>\n"
        return html
    }

    static func page(title: String, stylesheet: String, main: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="robots" content="noindex, nofollow">
        <meta name="referrer" content="no-referrer">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'">
        <title>\(title)</title>
        <link rel="stylesheet" href="\(stylesheet)">
        </head>
        <body>
        <main class="letter">
        \(main)</main>
        </body>
        </html>

        """
    }

    /// The letter (`payees/<folder>/income-letter.html`): figures, then the verification block with the QR code.
    public static func letter(_ letter: IncomeLetter, issuer: String?, verification v: Verification) throws -> String {
        let e = HTMLText.escape
        var main = "<h1>Proof of income: \(e(letter.payee.name))</h1>\n"
        main += figuresHTML(letter, issuer: issuer)
        main += "<section class=\"letter-verify\"><h2>Verification</h2>\n"
        main += try QRCode.svg(for: v.verifyURL, escapedLabel: "QR code of the verify page address")
        main += "<p>Check this letter at <a href=\"\(e(v.verifyURL))\">\(e(v.verifyURL))</a>.</p>\n<dl>"
        main += "<dt>SHA-256 of the figures document</dt><dd><code>\(v.sha256)</code></dd>"
        main += "<dt>Ed25519 signature (base64)</dt><dd><code>\(v.signature)</code></dd>"
        main += "<dt>Signing key</dt><dd><a href=\"\(e(v.keyHref))\"><code>\(v.keyID)</code></a></dd>"
        main += "<dt>Key fingerprint (SHA-256 of its DER)</dt><dd><code>\(v.fingerprint)</code></dd></dl>\n"
        main += "<p>The figures document is <a href=\"income-letter.json\">income-letter.json</a>; "
        main += "<code>ledgerpress verify-letter income-letter.json --public-key KEY.pub</code> checks it offline.</p>"
        main += "</section>\n"
        return page(title: "Proof of income: " + e(letter.payee.name), stylesheet: "../style.css", main: main)
    }

    /// `verify/<hash>.html` of the payee's current letter: the verdict and the letter's figures, nothing more.
    public static func verifyPage(_ letter: IncomeLetter, issuer: String?, sha256: String) -> String {
        var main = "<h1>Letter verification</h1>\n"
        main += "<p class=\"verdict valid\"><strong>Current:</strong> the letter whose figures document has SHA-256 "
        main += "<code>\(sha256)</code> is this payee's current letter. Its figures:</p>\n"
        main += figuresHTML(letter, issuer: issuer)
        return page(title: "Letter verification", stylesheet: "../assets/style.css", main: main)
    }

    /// `verify/<hash>.html` of a letter a newer one replaced: the verdict and the newer letter's verify page.
    public static func supersededPage(sha256: String, newer: String) -> String {
        var main = "<h1>Letter verification</h1>\n"
        main += "<p class=\"verdict superseded\"><strong>Superseded:</strong> the letter whose figures document has "
        main += "SHA-256 <code>\(sha256)</code> was replaced by a newer letter: "
        main += "<a href=\"\(newer).html\"><code>\(newer)</code></a>.</p>\n"
        return page(title: "Letter verification", stylesheet: "../assets/style.css", main: main)
    }
}
