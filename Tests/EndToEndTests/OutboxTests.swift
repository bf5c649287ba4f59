import Foundation
import Testing

/// `build --outbox`: every message is read back by two independent MIME readers (Python's `email` with
/// policy=default, and mblaze's `mshow`), holds only its own payee's statement, and is written once per statement
/// version whatever happens to the run; payees without an address or consent are reported, never guessed; a
/// hostile name stays inside its header.
@Suite struct OutboxTests {
    /// drv_ann's name tries to add a Bcc and a header of its own; drv_zoe declined; mer_books has no address;
    /// drv_jose's column is empty (consent is the default).
    static let payees = """
        payee_id,payee_type,name,email,timezone,locale,day_start,week_start,email_statements
        drv_ann,driver,"Ann Lee\r\nBcc: victim@evil.example\r\nX-Injected: yes",ann@example.com,\
        America/New_York,en_US,,,yes
        drv_jose,driver,José Müller,jose@example.com,Europe/Berlin,de_DE,,,
        drv_zoe,driver,"Zoë ""Z"" O'Brien, Jr.",zoe@example.com,America/Los_Angeles,en_US,,,no
        mer_cafe,merchant,Corner Café <script>alert(1)</script>,cafe@example.com,UTC,en_US,,,YES
        mer_books,merchant,"Books, Maps & More",,America/New_York,en_US,,,

        """

    static let ids = ["drv_ann", "drv_jose", "drv_zoe", "mer_cafe", "mer_books"]
    static let addresses = [
        "drv_ann": "ann@example.com", "drv_jose": "jose@example.com", "mer_cafe": "cafe@example.com",
    ]

    static func arguments(ledger: String = CLIRunner.example("example-ledger.csv")) -> [String] {
        [
            "build", ledger, "--payees", "payees.csv", "--output", "site", "--issuer", "Example Rides",
            "--outbox", "outbox", "--mail-from", "statements@rides.example", "--deliver", "month", "--report",
            "report.json",
        ]
    }

    static func setUp() throws -> CLIRunner {
        let cli = try CLIRunner()
        try cli.write("payees.csv", payees)
        return cli
    }

    /// The month statements of the payees who get e-mail, as `payee/label`.
    static func monthStatements(_ cli: CLIRunner) throws -> [String] {
        var labels: [String] = []
        for id in addresses.keys.sorted() {
            let files = try FileManager.default.contentsOfDirectory(atPath: cli.path("site/payees/\(id)"))
            labels += files.filter { $0.wholeMatch(of: #/\d{4}-\d{2}\.md/#) != nil }.map { "\(id)/" + $0.dropLast(3) }
        }
        return labels.sorted()
    }

    /// The month statements e-mailed as of the example ledger's last entry (20 November): October's (November is
    /// still running).
    static func closedStatements(_ cli: CLIRunner) throws -> [String] {
        try monthStatements(cli).filter { $0.hasSuffix("/2026-10") }
    }

    /// `--as-of` after November closed in every payee's zone: both months are e-mailed.
    static let afterNovember = ["--as-of", "2026-12-02T00:00:00Z"]

    static func messages(_ cli: CLIRunner, _ sub: String = "new") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: cli.path("outbox/\(sub)")).sorted()
    }

    /// Python's reading of each message file.
    static func parsed(_ paths: [String]) throws -> [[String: Any]] {
        let result = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", CLIRunner.fixture("check_mail.py")] + paths,
            directory: URL(fileURLWithPath: "/"), environment: ProcessInfo.processInfo.environment)
        #expect(result.status == 0, "\(String(decoding: result.stderr, as: UTF8.self))")
        return try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [[String: Any]])
    }

    @Test func everyMessageParsesHoldsOnlyItsPayeesStatementAndKeepsNamesInert() throws {
        let cli = try Self.setUp()
        let outcome = try cli.run(Self.arguments())
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let statements = try Self.closedStatements(cli)
        #expect(statements.count >= 3)
        let names = try Self.messages(cli)
        #expect(names.count == statements.count)
        #expect(try Self.messages(cli, "tmp").isEmpty)
        let parsed = try Self.parsed(names.map { cli.path("outbox/new/" + $0) })
        var seen: [String] = []
        for message in parsed {
            let path = message["path"] as? String ?? ""
            #expect((message["defects"] as? [String]) == [], "\(path)")
            #expect((message["max_line"] as? Int ?? 999) <= 78, "\(path)")
            #expect(message["bare_lf"] as? Int == 0 && message["bare_cr"] as? Int == 0, "\(path)")
            #expect(message["ascii"] as? Bool == true, "\(path)")
            // No header but these: the hostile name added neither a Bcc nor a header of its own.
            #expect(
                (message["header_names"] as? [String]) == [
                    "Date", "From", "To", "Subject", "Message-ID", "X-Ledgerpress-Statement", "MIME-Version",
                    "Content-Type",
                ], "\(path)")
            #expect(
                (message["parts"] as? [String]) == [
                    "multipart/mixed", "multipart/alternative", "text/plain", "text/html",
                ], "\(path)")
            #expect((message["from"] as? [String]) == ["statements@rides.example"])
            let to = try #require((message["to"] as? [String])?.first)
            let payee = try #require(Self.addresses.first { $0.value == to }?.key, "\(to)")
            let text = try #require(message["text"] as? String)
            let html = try #require(message["html"] as? String)
            // Which statement: the text part is the published Markdown, word for word.
            let statement = try #require(
                statements.first { label in
                    label.hasPrefix(payee + "/")
                        && (try? cli.read("site/payees/\(label).md")).map {
                            text.replacingOccurrences(of: "\r\n", with: "\n") == $0
                        } == true
                }, "\(path): the text is none of \(payee)'s month statements")
            seen.append(statement)
            for other in Self.ids where other != payee {
                #expect(!text.contains(other) && !html.contains(other), "\(path) names \(other)")
            }
            #expect(html.contains("<style>") && html.contains("</style>"))
            #expect(!html.contains("<link") && !html.contains("href=") && !html.contains("src="), "\(path)")
            #expect(!html.contains("<script"), "\(path)")
            // Valid HTML by Debian's tidy, as every page of the site is (HTMLValidityTests).
            try cli.write("part.html", html)
            let tidy = try ChildProcess.run(
                URL(fileURLWithPath: try HTMLValidityTests.tidyPath()), ["-errors", "-q", cli.path("part.html")],
                stderrToStdout: true)
            let problems = String(decoding: tidy.stdout, as: UTF8.self)
            #expect(tidy.status == 0 && problems.isEmpty, "tidy on the HTML part of \(path):\n\(problems)")
            if payee == "drv_ann" {
                // The display name, with the line breaks made spaces, is all the To header holds.
                #expect(message["to_name"] as? String == "Ann Lee Bcc: victim@evil.example X-Injected: yes")
            }
            if payee == "drv_jose" { #expect(message["to_name"] as? String == "José Müller") }
        }
        #expect(seen.sorted() == statements)
        // The Message-IDs are distinct, and the file names come from them.
        let ids = parsed.compactMap { $0["message_id"] as? String }
        #expect(Set(ids).count == names.count)
        for (name, id) in zip(names, ids) { #expect(id == "<\(name)@rides.example>") }

        // The payees not e-mailed are listed in the report and counted on standard error.
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(cli.read("report.json").utf8)) as? [String: Any])
        let outbox = try #require(report["outbox"] as? [String: Any])
        #expect(outbox["written"] as? Int == names.count)
        #expect(outbox["payees_without_email"] as? [String] == ["mer_books"])
        #expect(outbox["payees_declined_email"] as? [String] == ["drv_zoe"])
        #expect(outbox["payees_bad_email"] as? [String] == [])
        #expect(outbox["skipped_statements"] as? Int ?? 0 >= 2)
        #expect(
            outbox.keys.sorted() == [
                "already_delivered", "held_grace", "held_open", "payees_bad_email", "payees_declined_email",
                "payees_without_email", "skipped_before_deliver_since", "skipped_statements", "written",
            ])
        #expect(outcome.stderr.contains("outbox: 2 payee(s) not e-mailed (1 without an address, 1 declined"))
    }

    @Test func mshowReadsEveryMessage() throws {
        let cli = try Self.setUp()
        #expect(try cli.run(Self.arguments()).status == 0)
        let names = try Self.messages(cli)
        #expect(!names.isEmpty)
        // mblaze's mshow (`make deps` installs it): its part tree, and its decoded headers.
        let mshow = URL(fileURLWithPath: "/usr/bin/mshow")
        try #require(
            FileManager.default.isExecutableFile(atPath: mshow.path), "mshow is missing: `make deps` installs mblaze")
        for name in names {
            let path = cli.path("outbox/new/" + name)
            let tree = try ChildProcess.run(
                mshow, ["-t", path], directory: URL(fileURLWithPath: "/"),
                environment: ProcessInfo.processInfo.environment)
            let text = String(decoding: tree.stdout, as: UTF8.self)
            #expect(tree.status == 0)
            for type in ["multipart/mixed", "multipart/alternative", "text/plain", "text/html"] {
                #expect(text.contains(type), "\(name): mshow -t: \(text)")
            }
            let shown = try ChildProcess.run(
                mshow, ["-q", path], directory: URL(fileURLWithPath: "/"),
                environment: ProcessInfo.processInfo.environment)
            let headers = String(decoding: shown.stdout, as: UTF8.self)
            #expect(headers.contains("From: \"Example Rides\" <statements@rides.example>\n"), "\(headers)")
            #expect(!headers.contains("\nBcc:") && !headers.contains("\nX-Injected:"), "\(headers)")
        }
    }

    /// Subjects and fixed texts in the payee's words; `--deliver-since` skips (and counts) statements that ended
    /// by then, and the outbox step is timed in the run report.
    @Test func messagesAreInThePayeesWordsAndDeliverSinceSkipsEndedStatements() throws {
        let cli = try Self.setUp()
        let outcome = try cli.run(Self.arguments() + ["--deliver-since", "2026-11-01"] + Self.afterNovember)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let messages = try Self.parsed(try Self.messages(cli).map { cli.path("outbox/new/" + $0) })
        let subjects = messages.compactMap { $0["subject"] as? String }.sorted()
        // October's period_end is 2026-11-01, not after the date: only November is e-mailed.
        #expect(
            subjects == [
                "Example Rides: Abrechnung 2026-11", "Example Rides: statement 2026-11",
                "Example Rides: statement 2026-11",
            ], "\(subjects)")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(cli.read("report.json").utf8)) as? [String: Any])
        let outbox = try #require(report["outbox"] as? [String: Any])
        // Every payee's October statement, whether or not they get e-mail (each statement is counted once).
        #expect(outbox["skipped_before_deliver_since"] as? Int == 5)
        #expect(outcome.stderr.contains("5 statement(s) skipped as ended by --deliver-since"))
        let timings = try #require(report["timings_seconds"] as? [String: Double])
        #expect(timings["outbox"] != nil, "\(timings.keys.sorted())")
        #expect(try cli.run(Self.arguments() + ["--deliver-since", "2026-13-01"]).status == 64)
    }

    /// Run after November closed (`--as-of` on 2 December), so that both months are e-mailed and both revised.
    @Test func aRerunWritesNoSecondMessageAndARevisionGetsOneSayingWhatChanged() throws {
        let cli = try Self.setUp()
        #expect(try cli.run(Self.arguments() + Self.afterNovember).status == 0)
        let first = try cli.tree("outbox")
        // A no-change rerun, and a run after the operator's script moved the messages to cur/.
        #expect(try cli.run(Self.arguments() + Self.afterNovember).status == 0)
        #expect(try cli.tree("outbox") == first)
        for name in try Self.messages(cli) {
            try FileManager.default.moveItem(
                atPath: cli.path("outbox/new/\(name)"), toPath: cli.path("outbox/cur/\(name):2,S"))
        }
        let again = try cli.run(Self.arguments() + Self.afterNovember)
        #expect(again.status == 0)
        #expect(try Self.messages(cli).isEmpty)
        // (The outbox's record of what it wrote, `.ledgerpress-mailed`, is no message.)
        let written = first.keys.filter { $0.hasPrefix("new/") }.count
        #expect(written > 0 && written == first.count - 1)
        #expect(again.stderr.contains("outbox: 0 message(s) written, \(written) already in the outbox"))

        // A late entry in drv_ann's October revises October (its figures) and November (its opening balance, and a
        // late tip):
        // one new message for each, version 2, saying what changed; nobody else gets one.
        var ledger = try String(contentsOfFile: CLIRunner.example("example-ledger.csv"), encoding: .utf8)
        ledger += "late_1,2026-10-20T12:00:00-04:00,drv_ann,driver,Ann Lee,adjustment,5.00,USD,,Late bonus,,\n"
        ledger += "late_2,2026-11-29T20:00:00-05:00,drv_ann,driver,Ann Lee,tip,1.00,USD,,Late tip,,\n"
        try cli.write("ledger.csv", ledger)
        let revised = try cli.run(Self.arguments(ledger: cli.path("ledger.csv")) + Self.afterNovember)
        #expect(revised.status == 0, "\(revised.stderr)")
        let names = try Self.messages(cli)
        let messages = try Self.parsed(names.map { cli.path("outbox/new/" + $0) })
        let subjects = messages.compactMap { $0["subject"] as? String }.sorted()
        #expect(
            subjects == [
                "Example Rides: revised statement 2026-10 (version 2)",
                "Example Rides: revised statement 2026-11 (version 2)",
            ])
        for message in messages {
            #expect(message["to"] as? [String] == ["ann@example.com"])
            let text = try #require(message["text"] as? String)
            #expect(
                text.hasPrefix("This statement was revised: version 2 replaces the one sent before. USD: net activity"))
            #expect(text.contains("closing balance"))
            #expect((message["html"] as? String)?.contains("version 2 replaces the one sent before") == true)
        }
        let october = try #require(messages.first { ($0["subject"] as? String)?.contains("2026-10") == true })
        #expect((october["text"] as? String)?.contains("Late bonus") == true)
        // Date: each version's own as-of time (the latest entry up to the period's end), never the clock.
        #expect(october["date"] as? String == "Sat, 31 Oct 2026 23:50:00 -0400")
        let november = try #require(messages.first { ($0["subject"] as? String)?.contains("2026-11") == true })
        #expect(november["date"] as? String == "Sun, 29 Nov 2026 20:00:00 -0500")
        // The new versions have new Message-IDs: the first messages (now in cur/) are still the only ones of version 1.
        #expect(Set(names).isDisjoint(with: try Self.messages(cli, "cur").map { String($0.prefix { $0 != ":" }) }))
    }

    @Test func aRunKilledMidOutboxLeavesNoSecondMessage() throws {
        let cli = try Self.setUp()
        let killed = try cli.run(Self.arguments(), environment: ["LEDGERPRESS_TEST_KILL_AFTER_MESSAGES": "2"])
        #expect(killed.status == 137)
        #expect(try Self.messages(cli).count == 1)
        #expect(try Self.messages(cli, "tmp").count == 1)
        let rerun = try cli.run(Self.arguments())
        #expect(rerun.status == 0, "\(rerun.stderr)")
        let names = try Self.messages(cli)
        #expect(names.count == (try Self.closedStatements(cli)).count)
        #expect(try Self.messages(cli, "tmp").isEmpty)
        let ids = try Self.parsed(names.map { cli.path("outbox/new/" + $0) }).compactMap { $0["message_id"] as? String }
        #expect(Set(ids).count == names.count)
        // Killed after a message was linked into new/ and before its tmp/ name went: the rerun only tidies tmp/.
        let first = try #require(names.first)
        try FileManager.default.copyItem(
            atPath: cli.path("outbox/new/" + first), toPath: cli.path("outbox/tmp/" + first))
        let third = try cli.run(Self.arguments())
        #expect(third.status == 0)
        #expect(third.stderr.contains("outbox: 0 message(s) written, \(names.count) already in the outbox"))
        #expect(try Self.messages(cli) == names)
        #expect(try Self.messages(cli, "tmp").isEmpty)
    }

    @Test(arguments: [
        (["--outbox", "o"], "--outbox: needs --mail-from ADDRESS"),
        (["--outbox", "o", "--mail-from", "Bob <bob@x.example>"], "--mail-from: expected an e-mail address"),
        (
            ["--outbox", "o", "--mail-from", "a@b.example\r\nBcc: x@y.example"],
            "--mail-from: expected an e-mail address"
        ),
        (["--mail-from", "a@b.example"], "--mail-from: needs --outbox"),
        (["--outbox", "o", "--mail-from", "a@b.example", "--deliver", "month,fortnight"], "--deliver: expected"),
        (
            ["--outbox", "o", "--mail-from", "a@b.example", "--only", "finance"],
            "cannot be combined with --only finance"
        ),
    ])
    func badOptionsAreUsageErrors(extra: [String], expected: String) throws {
        let cli = try CLIRunner()
        let outcome = try cli.run(["build", CLIRunner.example("example-ledger.csv"), "--output", "site"] + extra)
        #expect(outcome.status == 64)
        #expect(outcome.stderr.contains(expected), "\(outcome.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.path("o")))
    }

    @Test func aBadConsentValueIsADataError() throws {
        let cli = try CLIRunner()
        try cli.write(
            "payees.csv",
            "payee_id,payee_type,name,email,timezone,locale,email_statements\ndrv_ann,driver,Ann,ann@example.com,UTC,en_US,maybe\n"
        )
        let outcome = try cli.run(Self.arguments())
        #expect(outcome.status == 65)
        #expect(
            outcome.stderr.contains("payees.csv:2: error: email_statements: expected yes or no, got 'maybe'"),
            "\(outcome.stderr)")
    }
}
