import Foundation
import Testing

/// `build --outbox ... --site-url URL` (issue 47, item 4): each e-mail carries a "view online" link to its own
/// payee's private folder (the link-secret token with `--link-secret`), never another payee's; the URL is checked
/// like `--verify-base-url`, and must be `https://`.
@Suite struct SiteURLTests {
    static let base = "https://pay.example.com/statements"

    @Test(arguments: [
        "http://pay.example.com/statements", "https://pay.example.com/statements?key=1",
        "https://pay.example.com/statements#top", "https://", "ftp://pay.example.com", "https://pay.example.com/a b",
        "https://pay.example.com/\"x\"", "pay.example.com",
    ])
    func aURLThatIsNotAPlainHTTPSAddressIsAUsageError(_ url: String) throws {
        let cli = try OutboxTests.setUp()
        let outcome = try cli.run(OutboxTests.arguments() + ["--site-url", url])
        #expect(outcome.status == 64, "\(url): \(outcome.stderr)")
        #expect(outcome.stderr.contains("--site-url"), "\(outcome.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.path("site")))
    }

    @Test func withoutAnOutboxItIsAUsageError() throws {
        let cli = try CLIRunner()
        let outcome = try cli.run([
            "build", CLIRunner.example("example-ledger.csv"), "--output", "site", "--site-url", Self.base,
        ])
        #expect(outcome.status == 64, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("--site-url"), "\(outcome.stderr)")
    }

    /// Every message's text and HTML part link the folder of the payee it is addressed to, under the site URL (a
    /// trailing `/` on it is not doubled), and no other payee's folder; with `--link-secret` that folder is the token.
    @Test func eachMessageLinksItsOwnPayeesFolder() throws {
        let cli = try OutboxTests.setUp()
        try cli.writeSecret("link.secret", LinkSecretTests.secretA + "\n")
        let outcome = try cli.run(
            OutboxTests.arguments() + ["--site-url", Self.base + "/", "--link-secret", "link.secret"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let folders = Dictionary(
            uniqueKeysWithValues: OutboxTests.ids.map {
                ($0, LinkSecretTests.token($0, secret: LinkSecretTests.secretA))
            })
        for (id, token) in folders {
            #expect(FileManager.default.fileExists(atPath: cli.path("site/payees/\(token)/index.html")), "\(id)")
        }
        let names = try OutboxTests.messages(cli)
        #expect(names.count >= 3)
        var payees: Set<String> = []
        for message in try OutboxTests.parsed(names.map { cli.path("outbox/new/" + $0) }) {
            let path = message["path"] as? String ?? ""
            let to = try #require((message["to"] as? [String])?.first)
            let payee = try #require(OutboxTests.addresses.first { $0.value == to }?.key, "\(to)")
            payees.insert(payee)
            let own = Self.base + "/payees/" + (folders[payee] ?? "?") + "/"
            let text = try #require(message["text"] as? String)
            let html = try #require(message["html"] as? String)
            // In the payee's words (drv_jose is de_DE).
            let words = payee == "drv_jose" ? "Online ansehen" : "View online"
            #expect(
                text.hasPrefix(words + ": " + own + "\r\n") || text.hasPrefix(words + ": " + own + "\n"),
                "\(path): \(text.prefix(200))")
            #expect(html.contains("<p class=\"view-online\"><a href=\"\(own)\">\(words)</a></p>"), "\(path)")
            for (other, token) in folders where other != payee {
                #expect(!text.contains(token) && !html.contains(token), "\(path) links \(other)'s folder")
            }
            // The rest of the text part is still the published Markdown, word for word.
            let statement = text.replacingOccurrences(of: "\r\n", with: "\n").split(
                separator: "\n\n", maxSplits: 1
            ).last.map(String.init)
            let published = try FileManager.default.contentsOfDirectory(
                atPath: cli.path("site/payees/\(folders[payee] ?? "?")")
            )
            .filter { $0.hasSuffix(".md") }.map { try cli.read("site/payees/\(folders[payee] ?? "?")/\($0)") }
            #expect(published.contains { $0 == statement }, "\(path)")
        }
        #expect(payees == Set(OutboxTests.addresses.keys))
    }

    /// In the payee's words: a `de_DE` payee's message says it in German.
    @Test func theLinkIsWordedInThePayeesLanguage() throws {
        let cli = try OutboxTests.setUp()
        let outcome = try cli.run(OutboxTests.arguments() + ["--site-url", Self.base])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let names = try OutboxTests.messages(cli)
        let parsed = try OutboxTests.parsed(names.map { cli.path("outbox/new/" + $0) })
        let jose = try #require(parsed.first { ($0["to"] as? [String]) == ["jose@example.com"] })
        let text = try #require(jose["text"] as? String)
        #expect(text.hasPrefix("Online ansehen: " + Self.base + "/payees/drv_jose/"), "\(text.prefix(200))")
    }
}
