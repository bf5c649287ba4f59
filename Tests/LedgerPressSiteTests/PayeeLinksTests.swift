import Foundation
import LedgerPressSite
import Testing

/// Payee folder names: readable slugs by default, HMAC tokens with a link secret.
@Suite struct PayeeLinksTests {
    static let secret = Array("0123456789abcdef-secret".utf8)

    @Test func readableLinksAreThePayeeSlug() {
        for id in ["drv_ann", "DRV_case", "../../etc/passwd", String(repeating: "x", count: 300)] {
            #expect(PayeeLinks.readable.slug(for: id) == PayeeSlug.slug(for: id))
        }
        #expect(PayeeLinks.readable.keyID == nil && !PayeeLinks.readable.isHMAC)
    }

    @Test func tokensAre32HexDigitsAndDependOnIdAndSecret() throws {
        let links = try PayeeLinks(secretFile: Self.secret)
        let token = links.slug(for: "drv_ann")
        #expect(token.count == PayeeLinks.tokenHexDigits)
        #expect(token.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) })
        #expect(links.slug(for: "drv_ann") == token)
        #expect(links.slug(for: "drv_Ann") != token)
        #expect(try PayeeLinks(secretFile: Self.secret + [0x21]).slug(for: "drv_ann") != token)
        // Whatever the id, the token is a folder name a site may hold.
        for id in ["", "..", "a/b", "\u{0}\n"] {
            try SitePath.check("payees/\(links.slug(for: id))/index.html", payeeSlugs: nil)
        }
    }

    @Test func trailingNewlinesAreTrimmedAndShortSecretsRefused() throws {
        let plain = try PayeeLinks(secretFile: Self.secret)
        #expect(try PayeeLinks(secretFile: Self.secret + Array("\n".utf8)) == plain)
        #expect(try PayeeLinks(secretFile: Self.secret + Array("\r\n".utf8)).keyID == plain.keyID)
        #expect(throws: PayeeLinks.SecretError.tooShort(15)) {
            try PayeeLinks(secretFile: Array("fifteen bytes!!\n".utf8))
        }
        #expect(throws: PayeeLinks.SecretError.tooShort(0)) { try PayeeLinks(secretFile: Array("\n\n".utf8)) }
    }

    @Test func theKeyIDIdentifiesTheSecretWithoutShowingIt() throws {
        let links = try PayeeLinks(secretFile: Self.secret)
        let keyID = try #require(links.keyID)
        #expect(keyID.count == 16)
        #expect(keyID != (try PayeeLinks(secretFile: Self.secret + [0x21])).keyID)
        let shown = "\(links) \(String(reflecting: links))"
        var dumped = ""
        dump(links, to: &dumped)
        for text in [shown, dumped] { #expect(!text.contains("0123456789abcdef"), "\(text)") }
        #expect(shown.contains(keyID))
    }
}
