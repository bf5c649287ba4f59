import Foundation
import Testing

/// Every generated page is valid HTML by Debian's `tidy` (no error, no warning) and semantic: `lang` set,
/// the landmarks there, headings in order without skipped levels, every table with a caption and scoped
/// headers. Checked on the example site and on a hostile ledger built twice (so a revised statement is in it).
@Suite struct HTMLValidityTests {
    /// `tidy` from Debian's package; `make deps` installs it, so a missing one fails the test (never skips it).
    static func tidyPath() throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let found = (path.split(separator: ":").map(String.init) + ["/usr/bin"])
            .map { $0 + "/tidy" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        return try #require(found, "tidy is missing: run `make deps` (apt-get install tidy)")
    }

    /// A ledger whose text tries to break the page: markup, right-to-left names, a newline, a 200-letter word.
    static let hostileLedger = """
        id,occurred_at,payee_id,payee_type,payee_name,kind,amount,currency,reference,description,payout_id,payout_status
        h1,2026-10-02T08:00:00Z,drv_h,driver,"</title><h1>x</h1> שלום",earning,10.00,USD,job_<b>,"</td></tr></table><h2>y",,
        h2,2026-10-03T08:00:00Z,drv_h,driver,"</title><h1>x</h1> שלום",tip,1.00,USD,job_2,"two
        lines # not a heading",,
        h3,2026-10-04T08:00:00Z,drv_h,driver,"</title><h1>x</h1> שלום",earning,2.00,USD,job_3,\(String(repeating: "w", count: 200)),,
        h4,2026-10-05T08:00:00Z,mer_h,merchant,"Café ‮evil",earning,5.00,EUR,ch_1,"<script>alert(1)</script>",po_1,paid
        h5,2026-10-05T09:00:00Z,mer_h,merchant,"Café ‮evil",payout,-5.00,EUR,,,po_1,paid

        """

    /// Builds the example site and the hostile one; returns the runner and the folders holding the sites.
    static func buildSites() throws -> (CLIRunner, [String]) {
        let cli = try CLIRunner()
        let example = try cli.run([
            "build", CLIRunner.example("example-ledger.csv"), "--payees", CLIRunner.example("example-payees.csv"),
            "--output", "example", "--issuer", "Example Rides & Market", "--range", "2026-10-01..2026-10-15",
        ])
        #expect(example.status == 0, "\(example.stderr)")
        try cli.write("hostile.csv", hostileLedger)
        #expect(try cli.run(["build", "hostile.csv", "--output", "hostile", "--issuer", "<i>Issuer</i>"]).status == 0)
        // The same October with one more entry: the October statements come out revised.
        let bonus = "h6,2026-10-06T08:00:00Z,drv_h,driver,\"</title><h1>x</h1> שלום\",adjustment,1.00,USD,,Bonus,,\n"
        try cli.write("hostile.csv", hostileLedger + bonus)
        let second = try cli.run(["build", "hostile.csv", "--output", "hostile", "--issuer", "<i>Issuer</i>"])
        #expect(second.status == 0, "\(second.stderr)")
        return (cli, ["example", "hostile"])
    }

    static func htmlFiles(_ cli: CLIRunner, _ folders: [String]) throws -> [(path: String, text: String)] {
        var pages: [(String, String)] = []
        for folder in folders {
            for (path, data) in try cli.tree(folder) where path.hasSuffix(".html") {
                pages.append((folder + "/" + path, String(decoding: data, as: UTF8.self)))
            }
        }
        return pages.sorted { $0.0 < $1.0 }
    }

    @Test func validatorCleanHTML() throws {
        let tidy = try Self.tidyPath()
        let (cli, folders) = try Self.buildSites()
        let pages = try Self.htmlFiles(cli, folders)
        #expect(pages.count > 80)
        #expect(pages.contains { $0.text.contains("Revised — version 2") }, "no revised statement among the pages")
        for page in pages {
            let result = try ChildProcess.run(
                URL(fileURLWithPath: tidy), ["-errors", "-q", cli.path(page.path)], stderrToStdout: true)
            let messages = String(decoding: result.stdout, as: UTF8.self)
            #expect(result.status == 0 && messages.isEmpty, "tidy on \(page.path):\n\(messages)")
        }
    }

    @Test func pagesAreSemantic() throws {
        let (cli, folders) = try Self.buildSites()
        let pages = try Self.htmlFiles(cli, folders)
        #expect(pages.count > 80)
        for (path, html) in pages {
            #expect(html.firstMatch(of: /<html lang="[a-z]{2,3}(-[A-Za-z0-9]+)*">/) != nil, "\(path): no lang")
            for landmark in ["<main", "<header", "<nav aria-label=\"", "<footer"] {
                #expect(html.components(separatedBy: landmark).count == 2, "\(path): not one \(landmark)")
            }
            let problems = Self.headingProblems(html) + Self.tableProblems(html)
            #expect(problems.isEmpty, "\(path): \(problems)")
        }
    }

    /// One `h1`, first; no heading more than one level below the one before it.
    static func headingProblems(_ html: String) -> [String] {
        let levels = html.matches(of: /<h([1-6])[ >]/).compactMap { Int($0.output.1) }
        var problems: [String] = []
        if levels.first != 1 || levels.filter({ $0 == 1 }).count != 1 {
            problems.append("h1 not first and single: \(levels)")
        }
        for (previous, next) in zip(levels, levels.dropFirst()) where next > previous + 1 {
            problems.append("h\(previous) then h\(next)")
        }
        return problems
    }

    /// Each table: a caption as its first child, `<th scope="col">` headers, and no `<th>` without a scope.
    static func tableProblems(_ html: String) -> [String] {
        var problems: [String] = []
        for table in html.components(separatedBy: "<table").dropFirst() {
            let body = table.components(separatedBy: "</table>")[0]
            let afterTag = body.drop { $0 != ">" }.dropFirst().drop { $0 == "\n" }
            if !afterTag.hasPrefix("<caption") { problems.append("table without a caption first") }
            if !body.contains("<th scope=\"col\"") { problems.append("table without <th scope=\"col\">") }
            if body.matches(of: /<th[ >]/).count != body.matches(of: /<th scope="(col|row)"/).count {
                problems.append("<th> without scope")
            }
        }
        return problems
    }
}
