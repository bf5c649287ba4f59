import Foundation
import Testing

/// The payees' site as the "Hosting" section of docs/outputs.md says to serve it (issue 45, item 9): exactly the folders it
/// names (never `finance/`), copied alone into a fresh folder, where every link and source of every page resolves to
/// a file that is there (a link under `--verify-base-url` to the file at that path).
@Suite struct HostingTests {
    /// The folders the "Hosting" section of docs/outputs.md names to serve: the `folder/` names in its first sentence.
    static func servedFolders() throws -> [String] {
        let page = try String(
            contentsOf: CLIRunner.repository.appendingPathComponent("docs/outputs.md"), encoding: .utf8)
        let start = try #require(page.range(of: "\n## Hosting\n\n"))
        let paragraph = page[start.upperBound...]
        let sentence = try #require(paragraph.range(of: ". ")).lowerBound
        let names = paragraph[..<sentence].matches(of: /`([a-z]+)\/`/).map { String($0.output.1) }
        return Array(Set(names)).sorted()
    }

    /// The `href`s and `src`s of an HTML page.
    static func links(_ page: String) -> [String] {
        page.matches(of: /(?:href|src)="([^"]*)"/).map { String($0.output.1) }
    }

    @Test func everyLinkOfEveryServedPageResolvesWhenOnlyTheReadmesFoldersAreServed() throws {
        let served = try Self.servedFolders()
        #expect(served == ["assets", "keys", "payees", "v", "verify"], "docs/outputs.md's Hosting section: \(served)")
        #expect(!served.contains("finance"))
        let cli = try CLIRunner()
        let key = try LetterTests.writeKey(cli)
        // Letters (their pages link to keys/ and verify/) and a second run, so that older letters are superseded; PDFs
        // of the months and years.
        let pdf = ["--pdf", "month,year", "--periods", "day,week,month,year"]
        let first = try LetterTests().build(cli, key: key, output: "site", asOf: "2026-11-15T12:00:00Z", extra: pdf)
        #expect(first.status == 0, "\(first.stderr)")
        let second = try LetterTests().build(cli, key: key, output: "site", extra: pdf)
        #expect(second.status == 0, "\(second.stderr)")
        let fm = FileManager.default
        try fm.createDirectory(atPath: cli.path("public"), withIntermediateDirectories: true)
        for folder in served {
            try fm.copyItem(atPath: cli.path("site/" + folder), toPath: cli.path("public/" + folder))
        }
        let site = try cli.tree("public")
        let pages = site.keys.filter { $0.hasSuffix(".html") }
        #expect(pages.contains { $0.hasPrefix("verify/") } && pages.contains { $0.hasPrefix("v/") })
        #expect(pages.contains { $0.hasSuffix("/income-letter.html") })
        var checked = 0
        for path in pages.sorted() {
            let page = String(decoding: try #require(site[path]), as: UTF8.self)
            let folder = URL(fileURLWithPath: "/" + path).deletingLastPathComponent()
            for link in Self.links(page) {
                let target = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
                if target.isEmpty || target.hasPrefix("data:") || target.hasPrefix("mailto:") { continue }
                let resolved: String
                if target.hasPrefix(LetterTests.base + "/") {
                    resolved = String(target.dropFirst(LetterTests.base.count + 1))
                } else {
                    #expect(!target.contains(":"), "\(path) links outside the site: \(link)")
                    resolved = String(
                        URL(fileURLWithPath: String(target), relativeTo: folder).standardizedFileURL.path.dropFirst())
                }
                #expect(site[resolved] != nil, "\(path): \(link) -> \(resolved) is not served")
                checked += 1
            }
        }
        #expect(checked > 500)

        // Every home links each of its statements' documents that exist, and the letter's three files.
        let homes = pages.filter { $0.hasPrefix("payees/") && $0.hasSuffix("/index.html") }
        #expect(homes.count == 5)
        var pdfLinks = 0
        for home in homes.sorted() {
            let page = String(decoding: try #require(site[home]), as: UTF8.self)
            let links = Set(Self.links(page))
            let folder = String(home.dropLast("index.html".count))
            let statements = site.keys.filter { $0.hasPrefix(folder) && $0.hasSuffix(".md") }
            #expect(statements.count > 3, "\(home)")
            for markdown in statements {
                let label = String(markdown.dropFirst(folder.count).dropLast(3))
                #expect(links.contains(label + ".md") && links.contains(label + ".csv"), "\(home): \(label)")
                // A PDF exactly for the months and the year, linked exactly when it exists.
                let isMonthOrYear = label.wholeMatch(of: /\d{4}(-\d{2})?/) != nil
                #expect((site[folder + label + ".pdf"] != nil) == isMonthOrYear, "\(folder)\(label).pdf")
                #expect(links.contains(label + ".pdf") == isMonthOrYear, "\(home): \(label).pdf")
                if isMonthOrYear { pdfLinks += 1 }
            }
            #expect(links.contains("2026.pdf"), "\(home): the year statement's PDF")
            for name in ["income-letter.html", "income-letter.pdf", "income-letter.json"] {
                #expect(links.contains(name), "\(home): \(name)")
            }
            // One line, in the payee's words, on how a landlord checks it (its QR code, in every language).
            let letter = try #require(page.firstRange(of: /<section class="letter">[\s\S]*?<\/section>/), "\(home)")
            #expect(page[letter].contains("QR"), "\(home): how a landlord checks the letter")
        }
        #expect(pdfLinks >= 10)
    }
}
