import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `send --smtp` over TLS (STARTTLS on `smtp://`, TLS from the start on `smtps://`) to a real server on 127.0.0.1 with
/// a throw-away certificate that only `--smtp-ca-file` makes trusted; a login the server refuses; and the deadline
/// per message against a server that never answers.
@Suite(.serialized) struct SendTransportTests {
    /// Both TLS ways: without the authority the certificate is refused (69, nothing moves); with it every message
    /// arrives once, byte for byte, in a TLS session.
    @Test(arguments: ["starttls", "smtps"])
    func tlsWithAPrivateAuthorityTrustedByCAFile(mode: String) throws {
        let cli = try CLIRunner()
        #expect(try SendTests.build(cli).status == 0)
        let messages = try SendTests.waiting(cli)
        #expect(!messages.isEmpty)
        let (cert, key) = try SMTPTestServer.selfSigned(in: cli.path(""))
        let server = try SMTPTestServer(
            tls: mode == "starttls" ? .starttls(cert: cert, key: key) : .smtps(cert: cert, key: key))
        #expect(server.url.hasPrefix(mode == "starttls" ? "smtp://" : "smtps://"))

        let untrusted = try cli.run(["send", "outbox", "--smtp", server.url])
        #expect(untrusted.status == 69, "\(untrusted.stdout)\(untrusted.stderr)")
        #expect(SendTests.names(cli, "new") == messages.keys.sorted())
        #expect(SendTests.names(cli, "cur").isEmpty && SendTests.names(cli, "failed").isEmpty)
        #expect(try server.received().isEmpty)

        let trusted = try cli.run(["send", "outbox", "--smtp", server.url, "--smtp-ca-file", cert])
        #expect(trusted.status == 0, "\(trusted.stdout)\(trusted.stderr)")
        #expect(SendTests.names(cli, "new").isEmpty)
        let received = try server.received()
        #expect(received.count == messages.count)
        #expect(Set(received.map(\.bytes)) == Set(messages.values))
        #expect(server.sessions() == Array(repeating: "tls", count: messages.count))
    }

    /// A login refused with 535: like a mail server's client (Postfix's `smtp_sasl_auth_soft_bounce`, on by
    /// default), nothing is bounced: the messages stay in new/ for a run with the right credentials; the run stops
    /// at once and exits 69, since no retry helps until someone fixes the credentials.
    @Test func aRefusedLoginKeepsEveryMessageAndExits69() throws {
        let cli = try CLIRunner()
        #expect(try SendTests.build(cli).status == 0)
        let before = SendTests.names(cli, "new")
        let (cert, key) = try SMTPTestServer.selfSigned(in: cli.path(""))
        let server = try SMTPTestServer(tls: .starttls(cert: cert, key: key), refuseLogin: true)
        try cli.write("credentials", "user:wrong\n")
        chmod(cli.path("credentials"), 0o600)
        let sent = try cli.run([
            "send", "outbox", "--smtp", server.url, "--smtp-ca-file", cert, "--smtp-credentials", "credentials",
            "--report", "-",
        ])
        #expect(sent.status == 69, "\(sent.stdout)\(sent.stderr)")
        #expect(sent.stderr.contains("535"), "\(sent.stderr)")
        #expect(SendTests.names(cli, "new") == before)
        #expect(SendTests.names(cli, "cur").isEmpty && SendTests.names(cli, "failed").isEmpty)
        #expect(try server.received().isEmpty)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(sent.stdout.utf8)) as? [String: Any])
        #expect(report["refused"] as? Int == 0 && report["sent"] as? Int == 0)
        #expect(report["not_tried"] as? Int == before.count - 1)
    }

    /// A server that accepts the connection and never answers: the deadline per message (60 s, 2 s here through
    /// `LEDGERPRESS_TEST_SEND_TIMEOUT`) passes, the message counts as temporary (stays in new/) and the run exits 75.
    @Test(arguments: ["smtp", "sendmail"])
    func aServerThatNeverAnswersTimesOutAsTemporary(way: String) throws {
        let cli = try CLIRunner()
        #expect(try SendTests.build(cli).status == 0)
        let before = SendTests.names(cli, "new")
        let silent = SMTPTestServer.silentPort()
        defer { close(silent.descriptor) }
        let target =
            way == "smtp"
            ? ["--smtp", "smtp://127.0.0.1:\(silent.port)"]
            : ["--sendmail", "msmtp --host=127.0.0.1 --port=\(silent.port) --auth=off --tls=off --timeout=600"]
        let started = Date()
        let sent = try cli.run(
            ["send", "outbox", "--max", "1", "--report", "-"] + target,
            environment: ["LEDGERPRESS_TEST_SEND_TIMEOUT": "2"])
        let elapsed = Date().timeIntervalSince(started)
        #expect(sent.status == 75, "\(sent.stdout)\(sent.stderr)")
        #expect(SendTests.names(cli, "new") == before)
        #expect(SendTests.names(cli, "cur").isEmpty && SendTests.names(cli, "failed").isEmpty)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(sent.stdout.utf8)) as? [String: Any])
        #expect(report["later"] as? Int == 1 && report["refused"] as? Int == 0, "\(sent.stdout)")
        // Stopped by the deadline, not by msmtp's own (600 s) nor by the test's patience.
        #expect(elapsed >= 2 && elapsed < 50, "\(elapsed) s")
        if way == "sendmail" { #expect(sent.stderr.contains("did not finish within 2 s"), "\(sent.stderr)") }
    }
}
