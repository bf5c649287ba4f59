import Foundation
import LedgerPressCrypto
import Testing

/// `ledgerpress send OUTBOX` against a real SMTP server on 127.0.0.1 (``SMTPTestServer``), both ways out: `--smtp`
/// (libcurl in-process) and `--sendmail` with Debian's msmtp. What the server received is compared with what the
/// build wrote: every message once, byte for byte (headers intact), the PDF attachment equal to the site's PDF.
@Suite(.serialized) struct SendTests {
    static let from = "statements@rides.example"

    static func build(_ cli: CLIRunner, pdf: Bool = false) throws -> CLIRunner.Outcome {
        try cli.run(
            [
                "build", CLIRunner.example("example-ledger.csv"), "--payees", CLIRunner.example("example-payees.csv"),
                "--output", "site", "--issuer", "Example Rides", "--outbox", "outbox", "--mail-from", from,
                "--deliver", "month", "--quiet",
            ] + (pdf ? ["--pdf", "month"] : []))
    }

    static func names(_ cli: CLIRunner, _ sub: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: cli.path("outbox/\(sub)"))) ?? []).sorted()
    }

    /// The message files of `new/` by name, with their bytes.
    static func waiting(_ cli: CLIRunner) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for name in names(cli, "new") {
            result[name] = try Data(contentsOf: URL(fileURLWithPath: cli.path("outbox/new/" + name)))
        }
        return result
    }

    /// The address in a message's `To:` header (its continuation lines included), read apart from `send`'s code.
    static func recipient(_ message: Data) -> String {
        let text = String(decoding: message.prefix(8192), as: UTF8.self)
        var field: String?
        // ("\r\n" is one Character in Swift: split at any line break.)
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            if line.isEmpty { break }
            if field != nil && (line.first == " " || line.first == "\t") {
                field? += String(line)
            } else if field != nil {
                break
            } else if line.hasPrefix("To:") {
                field = String(line)
            }
        }
        guard let field, let open = field.lastIndex(of: "<"), let close = field.lastIndex(of: ">") else { return "" }
        return String(field[field.index(after: open)..<close])
    }

    static func way(_ name: String, _ server: SMTPTestServer) -> [String] {
        name == "smtp" ? ["--smtp", server.url] : ["--sendmail", server.msmtp]
    }

    static func hex(_ data: Data) -> String { SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined() }

    @Test(arguments: ["smtp", "sendmail"])
    func everyMessageArrivesOnceByteForByteWithItsPDFAndARerunSendsNothing(way: String) throws {
        let cli = try CLIRunner()
        let built = try Self.build(cli, pdf: true)
        #expect(built.status == 0, "\(built.stderr)")
        let messages = try Self.waiting(cli)
        #expect(messages.count >= 5)
        let server = try SMTPTestServer()
        let sent = try cli.run(["send", "outbox", "--report", "report.json"] + Self.way(way, server))
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(sent.stdout.contains("\(messages.count) sent, 0 left in new/ for later, 0 refused"), "\(sent.stdout)")
        #expect(Self.names(cli, "new").isEmpty)
        #expect(Self.names(cli, "cur") == messages.keys.map { $0 + ":2,S" }.sorted())
        let received = try server.received()
        #expect(received.count == messages.count)
        // Every message once, byte for byte: its headers intact, its body and attachment untouched.
        #expect(Set(received.map(\.bytes)) == Set(messages.values))
        #expect(received.count == Set(received.map(\.bytes)).count)
        for message in received {
            #expect(message.sender == Self.from)
            #expect(message.recipients == [Self.recipient(message.bytes)])
        }
        // The PDF attachment is the site's PDF of that statement, byte for byte.
        var sitePDFs: [String: Set<String>] = [:]
        for (path, bytes) in try cli.tree("site/payees") where path.hasSuffix(".pdf") {
            sitePDFs[String(path.split(separator: "/").last ?? ""), default: []].insert(Self.hex(bytes))
        }
        let parsed = try OutboxTests.parsed(received.map(\.path))
        for message in parsed {
            let attachments = message["attachments"] as? [[String: Any]] ?? []
            #expect(attachments.count == 1, "\(message["path"] ?? "")")
            for attachment in attachments {
                let name = attachment["filename"] as? String ?? ""
                #expect(attachment["type"] as? String == "application/pdf")
                #expect(sitePDFs[name]?.contains(attachment["sha256"] as? String ?? "") == true, "\(name)")
            }
        }
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: cli.path("report.json"))))
                as? [String: Any])
        #expect(report["sent"] as? Int == messages.count && report["channel"] as? String == way)
        // A rerun sends nothing twice; the next build writes nothing again.
        let again = try cli.run(["send", "outbox"] + Self.way(way, server))
        #expect(again.status == 0 && again.stdout.contains(" 0 sent"), "\(again.stdout)\(again.stderr)")
        #expect(try server.received().count == messages.count)
        #expect(try Self.build(cli, pdf: true).status == 0)
        #expect(Self.names(cli, "new").isEmpty)
    }

    /// SMTP: the server answers 450 for one payee (left in new/, exit 75) and 550 for another (moved to failed/ with
    /// the reply beside it; the next build never writes it again); the rest arrive once. Once the 450 clears, a
    /// rerun sends just those.
    @Test func smtp450StaysAnd550MovesToFailedNeverWrittenAgain() throws {
        let cli = try CLIRunner()
        #expect(try Self.build(cli).status == 0)
        let messages = try Self.waiting(cli)
        let busy = messages.filter { Self.recipient($0.value) == "ann@example.com" }
        let unknown = messages.filter { Self.recipient($0.value) == "jose@example.com" }
        #expect(!busy.isEmpty && !unknown.isEmpty)
        let server = try SMTPTestServer(busy: ["ann@example.com"], unknown: ["jose@example.com"])
        let sent = try cli.run(["send", "outbox", "--smtp", server.url])
        #expect(sent.status == 75, "\(sent.stdout)\(sent.stderr)")
        #expect(Self.names(cli, "new") == busy.keys.sorted())
        #expect(Self.names(cli, "failed") == unknown.keys.flatMap { [$0, $0 + ".reason"] }.sorted())
        for name in unknown.keys {
            let reason = try cli.read("outbox/failed/\(name).reason")
            #expect(reason.contains("550 5.1.1 No such user here"), "\(reason)")
        }
        #expect(sent.stderr.contains("450 4.2.1 Mailbox busy"), "\(sent.stderr)")
        let others = messages.count - busy.count - unknown.count
        #expect(try server.received().count == others)
        #expect(
            Set(try server.received().map(\.bytes))
                == Set(messages.filter { busy[$0.key] == nil && unknown[$0.key] == nil }.values))
        // The next build writes neither the refused nor the accepted messages again.
        #expect(try Self.build(cli).status == 0)
        #expect(Self.names(cli, "new") == busy.keys.sorted())
        // The mailbox clears: a rerun sends the 450s once, and nothing else twice.
        let clear = try SMTPTestServer()
        let rerun = try cli.run(["send", "outbox", "--smtp", clear.url])
        #expect(rerun.status == 0, "\(rerun.stdout)\(rerun.stderr)")
        #expect(Set(try clear.received().map(\.bytes)) == Set(busy.values))
        #expect(try clear.received().count == busy.count)
        #expect(Self.names(cli, "new").isEmpty)
    }

    /// sendmail (msmtp): its exit status decides; msmtp exits 69 for a 450 and 65 for a 550, so both move to
    /// failed/ with msmtp's words as the reason, and the run exits 65.
    @Test func sendmailExitStatusDecides() throws {
        let cli = try CLIRunner()
        #expect(try Self.build(cli).status == 0)
        let messages = try Self.waiting(cli)
        let server = try SMTPTestServer(busy: ["ann@example.com"], unknown: ["jose@example.com"])
        let sent = try cli.run(["send", "outbox", "--sendmail", server.msmtp])
        #expect(sent.status == 65, "\(sent.stdout)\(sent.stderr)")
        let refused = messages.filter { ["ann@example.com", "jose@example.com"].contains(Self.recipient($0.value)) }
        #expect(Self.names(cli, "failed") == refused.keys.flatMap { [$0, $0 + ".reason"] }.sorted())
        for (name, message) in refused {
            let reason = try cli.read("outbox/failed/\(name).reason")
            let code = Self.recipient(message) == "ann@example.com" ? "exited 69" : "exited 65"
            #expect(reason.contains(code) && reason.contains("not accepted by the server"), "\(reason)")
        }
        #expect(Self.names(cli, "new").isEmpty)
        #expect(try server.received().count == messages.count - refused.count)
    }

    /// A server that is down: nothing moves, the run exits 75 (and `--smtp` stops at the first message).
    @Test(arguments: ["smtp", "sendmail"])
    func serverDownLeavesEverythingAndExits75(way: String) throws {
        let cli = try CLIRunner()
        #expect(try Self.build(cli).status == 0)
        let before = Self.names(cli, "new")
        let port = SMTPTestServer.closedPort()
        let target =
            way == "smtp"
            ? ["--smtp", "smtp://127.0.0.1:\(port)"]
            : ["--sendmail", "msmtp --host=127.0.0.1 --port=\(port) --auth=off --tls=off"]
        let sent = try cli.run(["send", "outbox", "--report", "-"] + target)
        #expect(sent.status == 75, "\(sent.stdout)\(sent.stderr)")
        #expect(Self.names(cli, "new") == before)
        #expect(Self.names(cli, "cur").isEmpty && Self.names(cli, "failed").isEmpty)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(sent.stdout.utf8)) as? [String: Any])
        #expect(report["sent"] as? Int == 0 && report["refused"] as? Int == 0)
        if way == "smtp" {
            #expect(report["not_tried"] as? Int == before.count - 1)
            #expect(sent.stderr.contains("Connection refused") || sent.stderr.contains("connect"), "\(sent.stderr)")
        }
    }

    /// What `send` moved to failed/ (refused for good) the build never writes again, as it does not rewrite cur/.
    @Test func aMessageInFailedIsNeverWrittenAgain() throws {
        let cli = try CLIRunner()
        #expect(try Self.build(cli).status == 0)
        let first = try #require(Self.names(cli, "new").first)
        try FileManager.default.createDirectory(atPath: cli.path("outbox/failed"), withIntermediateDirectories: false)
        try FileManager.default.moveItem(
            atPath: cli.path("outbox/new/" + first), toPath: cli.path("outbox/failed/" + first))
        try cli.write("outbox/failed/\(first).reason", "550 5.1.1 No such user here\n")
        #expect(try Self.build(cli).status == 0)
        #expect(!Self.names(cli, "new").contains(first))
        #expect(Self.names(cli, "failed") == [first, first + ".reason"])
    }

    /// Credentials never come from the command line, and a credentials file others can read is refused (64);
    /// `--max` caps a run.
    @Test func credentialsAndMax() throws {
        let cli = try CLIRunner()
        #expect(try Self.build(cli).status == 0)
        let inURL = try cli.run(["send", "outbox", "--smtp", "smtp://user:secret@127.0.0.1:25"])
        #expect(inURL.status == 64 && inURL.stderr.contains("--smtp-credentials"), "\(inURL.stderr)")
        try cli.write("credentials", "user:secret\n")
        chmod(cli.path("credentials"), 0o644)
        let exposed = try cli.run([
            "send", "outbox", "--smtp", "smtp://127.0.0.1:25", "--smtp-credentials", "credentials",
        ])
        #expect(exposed.status == 64 && exposed.stderr.contains("chmod 600"), "\(exposed.stderr)")
        let viaEnvironment = try cli.run(
            ["send", "outbox", "--smtp", "smtp://127.0.0.1:25"],
            environment: ["LEDGERPRESS_SMTP_CREDENTIALS_FILE": cli.path("credentials")])
        #expect(viaEnvironment.status == 64 && viaEnvironment.stderr.contains("LEDGERPRESS_SMTP_CREDENTIALS_FILE"))
        let server = try SMTPTestServer()
        let total = Self.names(cli, "new").count
        let capped = try cli.run(["send", "outbox", "--smtp", server.url, "--max", "2"])
        #expect(capped.status == 0, "\(capped.stderr)")
        #expect(try server.received().count == 2 && Self.names(cli, "new").count == total - 2)
    }
}
