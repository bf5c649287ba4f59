import Foundation
import Testing

@testable import LedgerPressSite

/// The page Chromium prints: the statement page with its stylesheet inlined and its policy allowing that one
/// inline stylesheet, and nothing else of the page changed.
@Suite struct ChromiumPrinterTests {
    static let policy =
        #"<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'self'; "#
        + #"img-src 'self' data:; base-uri 'none'; form-action 'none'">"#

    /// A page whose own text (a site template's words, a description a template writes raw) holds the policy's
    /// words: only the policy's meta tag changes.
    @Test func onlyThePagePolicyAllowsTheInlineStylesheet() {
        let page = """
            <!doctype html>
            <html lang="en"><head>
            <meta charset="utf-8">
            \(Self.policy)
            <title>Statement</title>
            </head><body>
            <p>Set up: style-src 'self' and script-src 'none'</p>
            <pre>style-src 'self'</pre>
            </body></html>
            """
        let printed = ChromiumPrinter.printable(page: Data(page.utf8), stylesheet: "body { color: #111 }")
        #expect(
            printed.contains(
                #"content="default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'"#))
        #expect(printed.contains("<p>Set up: style-src 'self' and script-src 'none'</p>"))
        #expect(printed.contains("<pre>style-src 'self'</pre>"))
        #expect(printed.components(separatedBy: "'unsafe-inline'").count == 2)
        #expect(printed.contains("<style>\nbody { color: #111 }\n</style>\n</head>"))
    }

    /// The words in a meta tag that is not a policy, or after the head, stay too; a policy written in
    /// another case or quoting is still found.
    @Test func otherMetaTagsStayAndThePolicyIsFoundInAnyCase() {
        let page = """
            <html><head>
            <meta name="description" content="style-src 'self'">
            <META HTTP-EQUIV='content-security-policy' CONTENT="style-src 'self'">
            </head><body><meta http-equiv="Content-Security-Policy" content="style-src 'self'"></body></html>
            """
        let printed = ChromiumPrinter.printable(page: Data(page.utf8), stylesheet: "")
        #expect(printed.contains(#"<meta name="description" content="style-src 'self'">"#))
        #expect(printed.contains(#"<META HTTP-EQUIV='content-security-policy' CONTENT="style-src 'unsafe-inline'">"#))
        #expect(printed.contains(#"<body><meta http-equiv="Content-Security-Policy" content="style-src 'self'">"#))
    }
}
