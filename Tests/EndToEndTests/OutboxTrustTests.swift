import Foundation
import Testing

/// `build --outbox` against an unlucky operator and hostile names (issue 45, items 4, 8 and 9): an outbox inside
/// the published site is refused before anything is written, a linked `tmp/`, `new/` or `cur/` is never followed,
/// long characters and addresses keep every message readable by Python's `email` (policy=default, header defects
/// included), Dovecot's names in `cur/` count as delivered, a failed outbox still reports what it wrote, and
/// `--quiet` silences its lines.
@Suite struct OutboxTrustTests {
    /// `e` and 40 combining marks (121 bytes, one character); a family of four with skin tones (41 bytes) three
    /// times; a right-to-left override in a name.
    static let longCharacter = "e" + String(repeating: "\u{20D0}", count: 40)
    static let family =
        "\u{1F468}\u{1F3FB}\u{200D}\u{1F469}\u{1F3FC}\u{200D}\u{1F467}\u{1F3FD}\u{200D}\u{1F466}\u{1F3FE}"
    static let longLocal = String(repeating: "l", count: 64)
    static let longLabel = String(repeating: "d", count: 63)
    static let longTo = longLocal + "@" + longLabel + ".com"
    static let longFrom = String(repeating: "s", count: 64) + "@" + String(repeating: "r", count: 63) + ".com"

    static let names = [
        "drv_ann": longCharacter + " Lee", "drv_jose": String(repeating: family, count: 3) + " Müller",
        "mer_cafe": "Café \u{202E}evil\u{202C} ok",
    ]

    static func hostilePayees() -> String {
        """
        payee_id,payee_type,name,email,timezone,locale,day_start,week_start,email_statements
        drv_ann,driver,\(names["drv_ann"] ?? ""),ann@example.com,America/New_York,en_US,,,yes
        drv_jose,driver,\(names["drv_jose"] ?? ""),\(longTo),Europe/Berlin,de_DE,,,
        mer_cafe,merchant,\(names["mer_cafe"] ?? ""),cafe@example.com,UTC,en_US,,,

        """
    }

    static func report(_ cli: CLIRunner) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(cli.read("report.json").utf8)) as? [String: Any])
    }

    // MARK: item 4

    @Test(arguments: ["site/payees/outbox", "site", "site/x/y", "site.staging/outbox", "box/outbox"])
    func anOutboxInsideThePublishedSiteIsRefusedBeforeAnythingIsWritten(outbox: String) throws {
        let cli = try OutboxTests.setUp()
        // First without a site, then over a published one: nothing written either time.
        var arguments = OutboxTests.arguments()
        let index = try #require(arguments.firstIndex(of: "--outbox"))
        arguments[index + 1] = outbox
        if outbox.hasPrefix("box/") {
            try FileManager.default.createSymbolicLink(atPath: cli.path("box"), withDestinationPath: cli.path("site"))
        }
        let fresh = try cli.run(arguments)
        #expect(fresh.status == 64, "\(fresh.stderr)")
        #expect(fresh.stderr.contains("--outbox: refusing to write into this folder"), "\(fresh.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.path("site")))
        #expect(!FileManager.default.fileExists(atPath: cli.path("report.json")))

        #expect(try cli.run(OutboxTests.arguments()).status == 0)
        let published = try cli.tree("site")
        try FileManager.default.removeItem(atPath: cli.path("report.json"))
        let again = try cli.run(arguments)
        #expect(again.status == 64, "\(again.stderr)")
        #expect(try cli.tree("site") == published)
        #expect(!FileManager.default.fileExists(atPath: cli.path("report.json")))
    }

    @Test(arguments: ["tmp", "new", "cur"])
    func aLinkedMaildirFolderIsRefusedNeverFollowed(sub: String) throws {
        let cli = try OutboxTests.setUp()
        try FileManager.default.createDirectory(atPath: cli.path("outbox"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: cli.path("trap"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: cli.path("outbox/\(sub)"), withDestinationPath: cli.path("trap"))
        let outcome = try cli.run(OutboxTests.arguments())
        #expect(outcome.status == 73, "\(outcome.stderr)")
        #expect(
            outcome.stderr.contains(
                "outbox/\(sub): error: --outbox: refusing to use it as the outbox's \(sub)/: it is a symbolic link"),
            "\(outcome.stderr)")
        #expect(outcome.stderr.contains("nothing was touched"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.path("trap")).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: cli.path("site")))
    }

    // MARK: item 8

    @Test func longCharactersLongAddressesAndBidiNamesStayReadable() throws {
        let cli = try CLIRunner()
        try cli.write("payees.csv", Self.hostilePayees())
        var arguments = OutboxTests.arguments()
        let from = try #require(arguments.firstIndex(of: "--mail-from"))
        arguments[from + 1] = Self.longFrom
        let outcome = try cli.run(arguments)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let files = try OutboxTests.messages(cli)
        let parsed = try OutboxTests.parsed(files.map { cli.path("outbox/new/" + $0) })
        let addresses = ["ann@example.com": "drv_ann", Self.longTo: "drv_jose", "cafe@example.com": "mer_cafe"]
        var seen: Set<String> = []
        for message in parsed {
            let path = message["path"] as? String ?? ""
            #expect((message["defects"] as? [String]) == [], "\(path)")
            let to = try #require((message["to"] as? [String])?.first)
            let payee = try #require(addresses[to], "\(to)")
            seen.insert(payee)
            let expected = try #require(Self.names[payee])
            // As on the page: a name with bidi controls is wrapped in FIRST STRONG ISOLATE ... POP DIRECTIONAL ISOLATE.
            let shown = payee == "mer_cafe" ? "\u{2068}" + expected + "\u{2069}" : expected
            // Read as RFC 2047 says (Python's display_name puts a space where a long name was cut into words).
            #expect(message["to_decoded"] as? String == "\(shown) <\(to)>", "\(path)")
            #expect(message["from"] as? [String] == [Self.longFrom])
            #expect(message["from_name"] as? String == "Example Rides")
            // Every header line within 78 characters, but an address or Message-ID too long for any line: alone on
            // its continuation line.
            let raw = try String(contentsOfFile: path, encoding: .utf8)
            let header = raw.components(separatedBy: "\r\n\r\n").first ?? ""
            let id = try #require(message["message_id"] as? String).trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(
                id.hasPrefix("<") && id.hasSuffix(".ledgerpress@\(Self.longFrom.split(separator: "@")[1])>"), "\(id)")
            let alone = [" <\(Self.longTo)>", " <\(Self.longFrom)>", " \(id)"]
            for line in header.components(separatedBy: "\r\n") where line.utf8.count > 78 {
                #expect(alone.contains(line), "\(path): a line of \(line.utf8.count) characters: \(line)")
            }
        }
        #expect(seen == ["drv_ann", "drv_jose", "mer_cafe"])
    }

    @Test func dovecotNamesInCurCountAsDelivered() throws {
        let cli = try OutboxTests.setUp()
        #expect(try cli.run(OutboxTests.arguments()).status == 0)
        let names = try OutboxTests.messages(cli)
        #expect(names.count >= 3)
        for (index, name) in names.enumerated() {
            // Dovecot's size fields in the base name, or the plain info a mail reader adds.
            let moved = index % 2 == 0 ? "\(name),S=4521,W=4600:2,S" : "\(name):2,S"
            try FileManager.default.moveItem(
                atPath: cli.path("outbox/new/\(name)"), toPath: cli.path("outbox/cur/\(moved)"))
        }
        let again = try cli.run(OutboxTests.arguments())
        #expect(again.status == 0, "\(again.stderr)")
        #expect(
            again.stderr.contains("outbox: 0 message(s) written, \(names.count) already in the outbox"),
            "\(again.stderr)")
        #expect(try OutboxTests.messages(cli).isEmpty)
    }

    @Test func anOutboxFailingAfterSomeMessagesStillCountsThem() throws {
        let cli = try OutboxTests.setUp()
        #expect(try cli.run(OutboxTests.arguments()).status == 0)
        let names = try OutboxTests.messages(cli)
        let parsed = try OutboxTests.parsed(names.map { cli.path("outbox/new/" + $0) })
        // mer_cafe's messages come last (payees in id order): a folder in tmp/ under their names stops the outbox
        // there, after drv_ann's and drv_jose's were written.
        let cafe = names.enumerated().filter { (parsed[$0.offset]["to"] as? [String]) == ["cafe@example.com"] }
            .map(\.element)
        #expect(!cafe.isEmpty && cafe.count < names.count)
        try FileManager.default.removeItem(atPath: cli.path("outbox"))
        for name in cafe {
            try FileManager.default.createDirectory(
                atPath: cli.path("outbox/tmp/\(name)/busy"), withIntermediateDirectories: true)
        }
        let failed = try cli.run(OutboxTests.arguments())
        #expect(failed.status == 73, "\(failed.stderr)")
        let written = names.count - cafe.count
        #expect(try OutboxTests.messages(cli).count == written)
        let outbox = try #require(try Self.report(cli)["outbox"] as? [String: Any])
        #expect(outbox["written"] as? Int == written)
        #expect(failed.stderr.contains("outbox: \(written) message(s) written"), "\(failed.stderr)")
    }

    // MARK: item 9

    @Test func quietSilencesTheOutboxLines() throws {
        let cli = try OutboxTests.setUp()
        let outcome = try cli.run(OutboxTests.arguments() + ["--quiet"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("outbox:"), "\(outcome.stderr)")
        #expect(outcome.stdout.isEmpty)
        // The run report still says it all.
        let outbox = try #require(try Self.report(cli)["outbox"] as? [String: Any])
        #expect(outbox["written"] as? Int == (try OutboxTests.messages(cli)).count)
        #expect(outbox["payees_declined_email"] as? [String] == ["drv_zoe"])
    }
}
