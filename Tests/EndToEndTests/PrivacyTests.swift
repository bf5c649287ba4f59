import Foundation
import Testing

/// Payee pages are private by default: never indexed, never leaking the address they were opened from,
/// never loading anything but the site's own stylesheet, and never naming another payee.
@Suite struct PrivacyTests {
    static func site() throws -> (CLIRunner, [String]) {
        let cli = try CLIRunner()
        let outcome = try cli.run([
            "build", CLIRunner.example("example-ledger.csv"), "--payees", CLIRunner.example("example-payees.csv"),
            "--output", "site",
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
            #expect(
                html.contains(
                    "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'self';"),
                "\(page)")
            #expect(!html.contains("<script"), "\(page)")
            #expect(!html.contains("http://") && !html.contains("https://"), "\(page)")
        }
        #expect(!files.contains { $0.hasPrefix("sitemap") || $0.hasSuffix("/sitemap.xml") })
    }

    @Test func noPayeesFilesNameAnotherPayee() throws {
        let (cli, files) = try Self.site()
        let payees = Set(
            files.compactMap { path -> String? in
                let parts = path.split(separator: "/")
                return parts.count == 2 && parts[0] == "payees" && path != "payees/style.css" ? String(parts[1]) : nil
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

    /// Four payees, each with a unique marker in their name, descriptions, references and payout ids.
    static let canaryIDs = ["drv_alpha", "drv_bravo", "mer_charlie", "mer_delta"]

    static func canaryMarker(_ index: Int) -> String { "Kanary\(index)Q" }

    static func canaryInputs(_ cli: CLIRunner) throws {
        var ledger =
            "id,occurred_at,payee_id,payee_type,payee_name,kind,amount,currency,reference,description,payout_id,payout_status\n"
        var payees = "payee_id,payee_type,name,email,timezone,locale\n"
        for (index, id) in canaryIDs.enumerated() {
            let marker = canaryMarker(index)
            let type = id.hasPrefix("drv") ? "driver" : "merchant"
            let name = "Name \(marker)n"
            payees += "\(id),\(type),\(name),k\(index)@example.com,America/New_York,en_US\n"
            for (day, date) in ["2026-10-05", "2026-10-20", "2026-11-03"].enumerated() {
                let row = "\(id),\(type),\(name)"
                let job = "ref-\(marker)r\(day)"
                ledger +=
                    "\(id)-\(day),\(date)T10:00:00-04:00,\(row),earning,30.00,USD,\(job),Trip \(marker)d\(day),po-\(marker)p,paid\n"
                ledger += "\(id)-\(day):fee,\(date)T10:00:00-04:00,\(row),fee,-6.00,USD,\(job),,po-\(marker)p,paid\n"
                ledger +=
                    "\(id)-\(day):tip,\(date)T10:30:00-04:00,\(row),tip,3.00,USD,\(job),Tip \(marker)t,po-\(marker)p,paid\n"
            }
            ledger +=
                "\(id)-po,2026-11-04T09:00:00-05:00,\(id),\(type),\(name),payout,-81.00,USD,,Payout \(marker)o,po-\(marker)p,paid\n"
        }
        try cli.write("canary.csv", ledger)
        try cli.write("canary-payees.csv", payees)
        try cli.writeSecret("link.secret", "a link secret of thirty-two bytes\n")
    }

    /// Each payee's marker and id appear only in their own folder and in the internal tree (finance/,
    /// index.html, the top-level manifest): the payee tree (payees/) holds no file naming two payees.
    @Test func eachPayeesMarkerStaysInTheirOwnFolderAndTheInternalTree() throws {
        let cli = try CLIRunner()
        try Self.canaryInputs(cli)
        let outcome = try cli.run([
            "build", "canary.csv", "--payees", "canary-payees.csv", "--link-secret", "link.secret", "--output", "site",
            "--range", "2026-10-01..2026-11-30",
        ])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let site = try cli.tree("site")
        let secret = "a link secret of thirty-two bytes"
        let owners = Dictionary(
            uniqueKeysWithValues: Self.canaryIDs.enumerated().map { (LinkSecretTests.token($1, secret: secret), $0) })
        var seenInOwnFolder = Set<Int>()
        for (path, bytes) in site {
            let text = String(decoding: bytes, as: UTF8.self)
            let parts = path.split(separator: "/").map(String.init)
            let found = Set(
                Self.canaryIDs.indices.filter {
                    text.contains(Self.canaryMarker($0)) || text.contains(Self.canaryIDs[$0])
                })
            guard parts[0] == "payees" else { continue }  // the internal tree may list every payee
            if parts.count == 2 {
                #expect(found.isEmpty, "\(path) names a payee")
                continue
            }
            let owner = try #require(owners[parts[1]], "payees/\(parts[1]) is no payee's folder")
            #expect(
                found.isSubset(of: [owner]), "\(path) names \(found.subtracting([owner]).map { Self.canaryIDs[$0] })")
            if found.contains(owner) { seenInOwnFolder.insert(owner) }
            for (other, index) in owners where index != owner {
                #expect(!text.contains(other), "\(path) names another payee's folder")
            }
        }
        #expect(seenInOwnFolder == Set(Self.canaryIDs.indices))
        // The internal tree has everyone: the finance index by name, the finance CSVs by description.
        let index = try cli.read("site/index.html")
        let lines = try cli.read("site/finance/lines.csv")
        for marker in Self.canaryIDs.indices.map(Self.canaryMarker) {
            #expect(index.contains(marker + "n") && lines.contains(marker + "d"))
        }
    }

    /// A payee's pages link only to their own folder's files and to `../style.css`, so `payees/` can be
    /// served as a site of its own.
    @Test func payeePagesLinkOnlyTheirOwnFolderAndTheStylesheet() throws {
        let (cli, files) = try Self.site()
        let site = try cli.tree("site")
        #expect(site["payees/style.css"] != nil && site["payees/style.css"] == site["assets/style.css"])
        #expect(!String(decoding: site["payees/style.css"] ?? Data(), as: UTF8.self).contains("url("))
        let pattern = try Regex(#"(?:href|src)="([^"]*)""#)
        var links = 0
        for page in files where page.hasPrefix("payees/") && page.hasSuffix(".html") {
            let folder = page.split(separator: "/").dropLast().joined(separator: "/")
            for match in try cli.read("site/" + page).matches(of: pattern) {
                let target = String(match.output[1].substring ?? "")
                links += 1
                if target == "../style.css" || target.hasPrefix("#") { continue }
                #expect(
                    !target.contains("/") && !target.contains(":") && site[folder + "/" + target] != nil,
                    "\(page) links \(target)")
            }
        }
        #expect(links > 100)
        // The payees' stylesheet is in the digest chain like every other file.
        try cli.write("site/payees/style.css", "body { background: url(https://example.com/x) }\n")
        let verify = try cli.run(["verify", "site"])
        #expect(verify.status == 65 && verify.stderr.contains("site/payees/style.css:"), "\(verify.stderr)")
    }
}
