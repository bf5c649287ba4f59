import Foundation
import Testing

/// Payee pages are private by default: never indexed, never leaking the address they were opened from,
/// never loading anything but the site's own stylesheet, and never naming another payee.
@Suite struct PrivacyTests {
    static func site() throws -> (CLIRunner, [String]) {
        let cli = try CLIRunner()
        let outcome = try cli.run([
            "build", CLIRunner.example("example-ledger.csv"), "--payees", CLIRunner.example("example-payees.csv"), "--output", "site",
        ])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let files = FileManager.default.enumerator(atPath: cli.path("site"))?.compactMap { $0 as? String } ?? []
        return (cli, files.sorted())
    }

    @Test func everyPageAsksNotToBeIndexedAndLoadsNothingFromElsewhere() throws {
        let (cli, files) = try Self.site()
        let pages = files.filter { $0.hasSuffix(".html") }
        #expect(pages.count > 20)
        for page in pages {
            let html = try cli.read("site/" + page)
            #expect(html.contains("<meta name=\"robots\" content=\"noindex, nofollow\">"), "\(page)")
            #expect(html.contains("<meta name=\"referrer\" content=\"no-referrer\">"), "\(page)")
            #expect(html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'self';"), "\(page)")
            #expect(!html.contains("<script"), "\(page)")
            #expect(!html.contains("http://") && !html.contains("https://"), "\(page)")
        }
        #expect(!files.contains { $0.hasPrefix("sitemap") || $0.hasSuffix("/sitemap.xml") })
    }

    @Test func noPayeesFilesNameAnotherPayee() throws {
        let (cli, files) = try Self.site()
        let payees = Set(files.compactMap { path -> String? in
            let parts = path.split(separator: "/")
            return parts.count == 2 && parts[0] == "payees" ? String(parts[1]) : nil
        })
        #expect(payees == ["drv_ann", "drv_jose", "drv_zoe", "mer_books", "mer_cafe"])
        for file in files where file.hasPrefix("payees/") && file.split(separator: "/").count == 3 {
            let owner = String(file.split(separator: "/")[1])
            let text = try cli.read("site/" + file)
            for other in payees where other != owner {
                #expect(!text.contains(other), "\(file) names \(other)")
            }
        }
    }
}
