import Foundation

/// The HTML part of a statement's e-mail, made from its published page: the page's `<main>` (the statement), in a
/// document of its own with the site's stylesheet inlined in a `<style>` element; no `<link>`, no script, and no
/// `href` or `src` that is not an absolute `https:` address (a relative link would point nowhere in a mailbox).
public enum MailHTML {
    /// `link`: the payee's folder online (`--site-url`; an `https:` address), shown first as a link labelled `label`.
    public static func document(
        page: String, css: String, note: String?, link: (href: String, label: String)? = nil
    ) -> String {
        let lang = String(
            (attribute("lang", in: element("html", in: page) ?? "") ?? "en").filter {
                $0.isASCII && ($0.isLetter || $0 == "-")
            })
        let title = between("<title>", "</title>", in: page) ?? ""
        var main = ""
        if let start = page.range(of: "<main"),
            let end = page.range(of: "</main>", range: start.upperBound..<page.endIndex)
        {
            main = String(page[start.lowerBound..<end.upperBound])
        }
        let style = css.replacingOccurrences(of: "</", with: "<\\/")
        var out = "<!DOCTYPE html>\n<html lang=\"\(lang)\">\n<head>\n<meta charset=\"utf-8\">\n"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        out += "<title>\(title)</title>\n<style>\n\(style)\n</style>\n</head>\n<body>\n"
        if let link, link.href.hasPrefix("https://") {
            out += "<p class=\"view-online\"><a href=\"\(HTMLText.escape(link.href))\">"
            out += HTMLText.escape(link.label) + "</a></p>\n"
        }
        if let note { out += "<p class=\"revision-note\"><strong>\(HTMLText.escape(note))</strong></p>\n" }
        out += withoutRelativeLinks(main) + "\n</body>\n</html>\n"
        return out
    }

    /// `href="..."` and `src="..."` attributes removed unless their value starts with `https://`.
    static func withoutRelativeLinks(_ html: String) -> String {
        var out = ""
        var rest = Substring(html)
        while let match = rest.firstMatch(of: #/\s(href|src)="([^"]*)"/#) {
            out += rest[..<match.range.lowerBound]
            if match.output.2.hasPrefix("https://") { out += rest[match.range] }
            rest = rest[match.range.upperBound...]
        }
        return out + rest
    }

    private static func element(_ name: String, in text: String) -> String? { between("<\(name)", ">", in: text) }

    private static func attribute(_ name: String, in tag: String) -> String? { between("\(name)=\"", "\"", in: tag) }

    private static func between(_ open: String, _ close: String, in text: String) -> String? {
        guard let start = text.range(of: open), let end = text.range(of: close, range: start.upperBound..<text.endIndex)
        else { return nil }
        return String(text[start.upperBound..<end.lowerBound])
    }
}
