import ArgumentParser
import Foundation
import LedgerPressEngine

/// `ledgerpress send OUTBOX`: hands the messages `build --outbox` wrote to a mail server (`--smtp`) or a sendmail
/// program (`--sendmail`), each through one ``DeliveryChannel``.
struct Send: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Send the e-mails `build --outbox` wrote: each message of OUTBOX/new/, then move it.",
        discussion: """
            Exactly one way out: --smtp URL (SMTP in-process; smtp:// upgrades with STARTTLS when offered, smtps:// \
            is TLS throughout) or --sendmail CMD (the message on CMD's standard input, as `CMD -oi -f FROM -t`, \
            60 s per call). An accepted message moves to cur/; one left for later (an SMTP 4xx, no server, \
            sendmail's exit 75 or a timeout) stays in new/; one refused for good (an SMTP 5xx, another sendmail \
            failure) moves to failed/NAME with the reply in failed/NAME.reason, and no later build writes that \
            statement version again. A crash between an acceptance and its move sends that message again (at most \
            one duplicate, never a loss). Exit codes: 0 all sent, 75 any left for later, 65 any refused for good \
            (and none left), 66 no outbox, 69 the server refused the login (535: every message stays in new/) \
            or its certificate, or no sendmail program, 64 usage.
            """)

    static let credentialsOption = SecretFileOption(
        flag: "--smtp-credentials", environmentVariable: "LEDGERPRESS_SMTP_CREDENTIALS_FILE",
        what: "SMTP credentials")

    @Argument(help: ArgumentHelp("The outbox (the folder given to `build --outbox`).", valueName: "outbox"))
    var outbox: String

    @Option(
        help: ArgumentHelp(
            "Send through this SMTP server: smtp://HOST[:PORT] (STARTTLS when offered) or smtps://HOST[:PORT]; no login in the URL.",
            valueName: "url"))
    var smtp: String?

    @Option(
        help: ArgumentHelp(
            "Hand each message to this sendmail program (e.g. msmtp; its own arguments after a space), run as `CMD -oi -f FROM -t`.",
            valueName: "cmd"))
    var sendmail: String?

    @Option(
        name: .customLong("smtp-credentials"),
        help: ArgumentHelp(
            "With --smtp: a file holding one line USER:PASSWORD, mode 0600 (else LEDGERPRESS_SMTP_CREDENTIALS_FILE).",
            valueName: "file"))
    var smtpCredentials: String?

    @Option(
        name: .customLong("smtp-ca-file"),
        help: ArgumentHelp(
            "With --smtp: trust the server's certificate when it chains to one in this PEM file (a private authority) instead of the system's.",
            valueName: "file"))
    var smtpCAFile: String?

    @Option(help: ArgumentHelp("Hand on at most this many messages in this run.", valueName: "n"))
    var max: Int?

    @Option(
        help: ArgumentHelp("Write a JSON report of the run to this file (`-`: standard output).", valueName: "file"))
    var report: String?

    @Flag(help: "Print no summary line (errors still are).")
    var quiet = false

    func validate() throws {
        guard (smtp == nil) != (sendmail == nil) else {
            throw ValidationError("expected exactly one of --smtp URL and --sendmail CMD")
        }
        if let smtp, let problem = SMTPChannel.problem(url: smtp) { throw ValidationError("--smtp: \(problem)") }
        if let sendmail, sendmail.split(separator: " ").isEmpty {
            throw ValidationError("--sendmail: expected a program, got an empty value")
        }
        if smtp == nil && smtpCredentials != nil {
            throw ValidationError("--smtp-credentials: only with --smtp")
        }
        if smtp == nil && smtpCAFile != nil { throw ValidationError("--smtp-ca-file: only with --smtp") }
        if let max, max < 1 { throw ValidationError("--max: expected a count of at least 1, got \(max)") }
    }

    func run() throws {
        let console = Console(quietStdout: report == "-", silent: quiet)
        if let problem = Engine.outboxSendProblem(outbox) {
            console.error([problem])
            throw ExitCode(66)
        }
        let channel = try channel(console)
        let sent: SendReport
        do {
            sent = try Engine.send(outbox, through: channel, limit: max)
        } catch {
            console.error(["\(outbox): error: send: \(error.description)"])
            try write(error.report, console: console)
            throw error.isDeviceError ? Exit.ioError : Exit.cannotCreate
        }
        for message in sent.messages where message.outcome != .sent {
            let what = message.outcome == .later ? "left in new/ for later" : "refused, moved to failed/"
            console.error(["\(outbox)/new/\(message.name): \(what): \(message.reply ?? "")"])
        }
        try write(sent, console: console)
        console.say(sent.summary)
        if sent.setupFault { throw ExitCode(69) }
        if sent.later > 0 { throw Exit.temporaryFailure }
        if sent.refused > 0 { throw Exit.dataError }
    }

    /// The channel the options name; a sendmail program not found, or credentials refused, stop here.
    func channel(_ console: Console) throws -> any DeliveryChannel {
        if let sendmail {
            guard
                let channel = SendmailChannel(
                    command: sendmail, timeout: Double(timeout), environment: ProcessInfo.processInfo.environment)
            else {
                console.error([
                    "--sendmail: error: no program '\(sendmail.split(separator: " ").first ?? "")' found (install msmtp)"
                ])
                throw ExitCode(69)
            }
            return channel
        }
        var credentials: SMTPChannel.Credentials?
        if let path = try Self.credentialsOption.path(given: smtpCredentials) {
            let source = Self.credentialsOption.source(given: smtpCredentials)
            let bytes = try console.readSecret(path, option: source)
            guard let parsed = SMTPChannel.Credentials(line: bytes) else {
                console.error(["\(path): error: \(source): expected one line USER:PASSWORD"])
                throw Exit.usage
            }
            credentials = parsed
        }
        if let smtpCAFile, !FileManager.default.isReadableFile(atPath: smtpCAFile) {
            console.error(["\(smtpCAFile): error: --smtp-ca-file: expected a readable PEM file, got none there"])
            throw ExitCode(66)
        }
        return SMTPChannel(url: smtp ?? "", credentials: credentials, timeout: timeout, caFile: smtpCAFile)
    }

    /// Seconds one message may take (60; `LEDGERPRESS_TEST_SEND_TIMEOUT` in the tests).
    var timeout: Int { TestHooks.sendTimeout(ProcessInfo.processInfo.environment) }

    func write(_ sent: SendReport, console: Console) throws {
        guard let report else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        var data = (try? encoder.encode(sent)) ?? Data("{}".utf8)
        data.append(10)
        if report == "-" {
            FileHandle.standardOutput.write(data)
            return
        }
        do {
            try Engine.replaceFile(report, bytes: data)
        } catch {
            console.error(["\(report): error: cannot write the report: \(error)"])
            throw Exit.cannotCreate
        }
    }
}
