import Foundation
import Testing

/// `build --outbox` e-mails only closed periods (issue 47, item 1): a statement goes out once its period's end (in
/// the payee's zone, the business-day cutoff included) plus `--deliver-grace` is at or before the run's as-of
/// (`--as-of`, else the ledger's latest entry); the running period stays on the site only, and the run report
/// counts what was held (`held_open`, `held_grace`).
@Suite struct OutboxClosedPeriodTests {
    static func report(_ cli: CLIRunner) throws -> [String: Any] {
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(cli.read("report.json").utf8)) as? [String: Any])
        return try #require(report["outbox"] as? [String: Any])
    }

    /// The messages in `new/`, as (recipient, subject), sorted.
    static func mail(_ cli: CLIRunner) throws -> [String] {
        let names = try OutboxTests.messages(cli)
        guard !names.isEmpty else { return [] }
        return try OutboxTests.parsed(names.map { cli.path("outbox/new/" + $0) }).map { message in
            "\((message["to"] as? [String])?.joined(separator: ",") ?? "?"): \(message["subject"] as? String ?? "?")"
        }.sorted()
    }

    /// The example ledger's October, to the three payees who get e-mail (drv_zoe declined, mer_books has no address).
    static let october = [
        "ann@example.com: Example Rides: statement 2026-10", "cafe@example.com: Example Rides: statement 2026-10",
        "jose@example.com: Example Rides: Abrechnung 2026-10",
    ]

    /// The example ledger's latest entry is on 20 November: October is closed, November still running.
    @Test func theExampleLedgerAsOfItsLastEntryDeliversOctoberOnly() throws {
        let cli = try OutboxTests.setUp()
        let outcome = try cli.run(OutboxTests.arguments())
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(try Self.mail(cli) == Self.october)
        let outbox = try Self.report(cli)
        #expect(outbox["written"] as? Int == 3)
        // Every payee's November statement, whether or not they get e-mail.
        #expect(outbox["held_open"] as? Int == 5)
        #expect(outbox["held_grace"] as? Int == 0)
        #expect(
            outcome.stderr.contains(
                "outbox: 3 message(s) written, 0 already in the outbox, 5 held as their period is still open"),
            "\(outcome.stderr)")
        // November is on the site all the same.
        #expect(FileManager.default.fileExists(atPath: cli.path("site/payees/drv_ann/2026-11.md")))
    }

    /// The nightly run: new November entries revise the running November statement, and nothing is e-mailed for it.
    @Test func aNightWithNewNovemberEntriesBeforeNovemberClosesWritesNothingForNovember() throws {
        let cli = try OutboxTests.setUp()
        #expect(try cli.run(OutboxTests.arguments()).status == 0)
        let first = try cli.tree("outbox")
        let november = try cli.read("site/payees/drv_ann/2026-11.md")
        var ledger = try String(contentsOfFile: CLIRunner.example("example-ledger.csv"), encoding: .utf8)
        ledger += "n21_1,2026-11-21T09:00:00-05:00,drv_ann,driver,Ann Lee,earning,30.00,USD,job_2101,Ride,,\n"
        ledger += "n21_2,2026-11-21T10:00:00+01:00,drv_jose,driver,José Müller,earning,20.00,EUR,job_2102,Fahrt,,\n"
        try cli.write("ledger.csv", ledger)
        let night = try cli.run(OutboxTests.arguments(ledger: cli.path("ledger.csv")))
        #expect(night.status == 0, "\(night.stderr)")
        // November's statement was revised on the site, and the outbox is as it was.
        #expect(try cli.read("site/payees/drv_ann/2026-11.md") != november)
        #expect(try cli.tree("outbox") == first)
        let outbox = try Self.report(cli)
        #expect(outbox["written"] as? Int == 0)
        #expect(outbox["already_delivered"] as? Int == 3)
        #expect(outbox["held_open"] as? Int == 5)
    }

    /// A closed month revised later (an entry dated in October, arriving in November): one revised message, to that
    /// payee only.
    @Test func aLaterEntryDatedInOctoberGivesOneRevisedOctoberMessageToThatPayeeOnly() throws {
        let cli = try OutboxTests.setUp()
        #expect(try cli.run(OutboxTests.arguments()).status == 0)
        let first = Set(try OutboxTests.messages(cli))
        var ledger = try String(contentsOfFile: CLIRunner.example("example-ledger.csv"), encoding: .utf8)
        ledger += "late_1,2026-10-20T12:00:00-04:00,drv_ann,driver,Ann Lee,adjustment,5.00,USD,,Late bonus,,\n"
        ledger += "n21_1,2026-11-21T09:00:00-05:00,drv_ann,driver,Ann Lee,earning,30.00,USD,job_2101,Ride,,\n"
        try cli.write("ledger.csv", ledger)
        let night = try cli.run(OutboxTests.arguments(ledger: cli.path("ledger.csv")))
        #expect(night.status == 0, "\(night.stderr)")
        let added = Set(try OutboxTests.messages(cli)).subtracting(first).sorted()
        #expect(added.count == 1)
        let parsed = try OutboxTests.parsed(added.map { cli.path("outbox/new/" + $0) })
        #expect(parsed.first?["to"] as? [String] == ["ann@example.com"])
        #expect(parsed.first?["subject"] as? String == "Example Rides: revised statement 2026-10 (version 2)")
        #expect((parsed.first?["text"] as? String)?.contains("Late bonus") == true)
        let outbox = try Self.report(cli)
        #expect(outbox["written"] as? Int == 1)
        #expect(outbox["held_open"] as? Int == 5)
    }

    /// November changes on several nights while it runs (its statement reaches version 3 on the site), then closes:
    /// the one message for it is the payee's first for November and reads as the statement, not as a revision; a
    /// change to the closed November afterwards is the revision (with the site's version number).
    @Test func theFirstMessageForAMonthRevisedWhileItRanIsNotARevision() throws {
        let cli = try OutboxTests.setUp()
        #expect(try cli.run(OutboxTests.arguments()).status == 0)
        var ledger = try String(contentsOfFile: CLIRunner.example("example-ledger.csv"), encoding: .utf8)
        for (night, day) in [21, 22].enumerated() {
            ledger +=
                "n\(day),2026-11-\(day)T09:00:00-05:00,drv_ann,driver,Ann Lee,earning,30.00,USD,job_\(day),Ride,,\n"
            try cli.write("ledger.csv", ledger)
            let outcome = try cli.run(OutboxTests.arguments(ledger: cli.path("ledger.csv")))
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(try cli.read("site/payees/drv_ann/2026-11.md").contains("version \(night + 2)"))
        }
        #expect(try Self.mail(cli) == Self.october)
        let closed = try cli.run(
            OutboxTests.arguments(ledger: cli.path("ledger.csv")) + ["--as-of", "2026-12-03T12:00:00Z"])
        #expect(closed.status == 0, "\(closed.stderr)")
        let november = [
            "ann@example.com: Example Rides: statement 2026-11", "cafe@example.com: Example Rides: statement 2026-11",
            "jose@example.com: Example Rides: Abrechnung 2026-11",
        ]
        #expect(try Self.mail(cli) == (Self.october + november).sorted())
        let first = Set(try OutboxTests.messages(cli))
        let annNovember = try OutboxTests.parsed(first.sorted().map { cli.path("outbox/new/" + $0) }).filter {
            $0["subject"] as? String == "Example Rides: statement 2026-11"
                && $0["to"] as? [String] == ["ann@example.com"]
        }
        #expect(annNovember.count == 1)
        #expect((annNovember.first?["text"] as? String)?.contains("This statement was revised") == false)

        ledger += "n25,2026-11-25T09:00:00-05:00,drv_ann,driver,Ann Lee,adjustment,5.00,USD,,Late bonus,,\n"
        try cli.write("ledger.csv", ledger)
        let revised = try cli.run(
            OutboxTests.arguments(ledger: cli.path("ledger.csv")) + ["--as-of", "2026-12-04T12:00:00Z"])
        #expect(revised.status == 0, "\(revised.stderr)")
        let added = Set(try OutboxTests.messages(cli)).subtracting(first).sorted()
        let parsed = try OutboxTests.parsed(added.map { cli.path("outbox/new/" + $0) })
        #expect(parsed.count == 1)
        #expect(parsed.first?["to"] as? [String] == ["ann@example.com"])
        #expect(parsed.first?["subject"] as? String == "Example Rides: revised statement 2026-11 (version 4)")
        #expect((parsed.first?["text"] as? String)?.contains("Late bonus") == true)
    }

    /// `--deliver-grace 2d`: on 1 December November is over but held; on 3 December it is released, once per payee.
    @Test func deliverGraceHoldsNovemberOnTheFirstAndReleasesItOnTheThirdOncePerPayee() throws {
        let cli = try OutboxTests.setUp()
        let grace = ["--deliver-grace", "2d", "--as-of"]
        let december1 = try cli.run(OutboxTests.arguments() + grace + ["2026-12-01T12:00:00Z"])
        #expect(december1.status == 0, "\(december1.stderr)")
        #expect(try Self.mail(cli) == Self.october)
        var outbox = try Self.report(cli)
        #expect(outbox["held_open"] as? Int == 0)
        #expect(outbox["held_grace"] as? Int == 5)
        #expect(december1.stderr.contains("5 held for --deliver-grace"), "\(december1.stderr)")

        let december3 = try cli.run(OutboxTests.arguments() + grace + ["2026-12-03T12:00:00Z"])
        #expect(december3.status == 0, "\(december3.stderr)")
        let november = [
            "ann@example.com: Example Rides: statement 2026-11", "cafe@example.com: Example Rides: statement 2026-11",
            "jose@example.com: Example Rides: Abrechnung 2026-11",
        ]
        #expect(try Self.mail(cli) == (Self.october + november).sorted())
        outbox = try Self.report(cli)
        #expect(outbox["written"] as? Int == 3)
        #expect(outbox["already_delivered"] as? Int == 3)
        #expect(outbox["held_grace"] as? Int == 0)
        // A later night writes nothing again; 36 hours is a grace too.
        let december4 = try cli.run(
            OutboxTests.arguments() + ["--deliver-grace", "36h", "--as-of", "2026-12-04T12:00:00Z"])
        #expect(december4.status == 0, "\(december4.stderr)")
        #expect(try Self.report(cli)["written"] as? Int == 0)
        #expect(try OutboxTests.messages(cli).count == 6)
    }

    /// 36 hours after New York's November ended (1 December 05:00 UTC) is 2 December 17:00 UTC.
    @Test func aGraceInHoursCountsFromThePayeesMidnight() throws {
        let cli = try OutboxTests.setUp()
        let before = try cli.run(
            OutboxTests.arguments() + ["--deliver-grace", "36h", "--as-of", "2026-12-02T16:59:59Z"])
        #expect(before.status == 0, "\(before.stderr)")
        // Berlin's (30 November 23:00 UTC) and UTC's November are past their 36 hours; New York's is not.
        #expect(
            try Self.mail(cli).filter { $0.contains("2026-11") } == [
                "cafe@example.com: Example Rides: statement 2026-11",
                "jose@example.com: Example Rides: Abrechnung 2026-11",
            ])
        let after = try cli.run(
            OutboxTests.arguments() + ["--deliver-grace", "36h", "--as-of", "2026-12-02T17:00:00Z"])
        #expect(after.status == 0, "\(after.stderr)")
        #expect(try Self.mail(cli).filter { $0.contains("2026-11") }.count == 3)
    }

    /// A business day starting at 06:00 ends November at 1 December 06:00 in the payee's zone, not at midnight.
    @Test func aBusinessDayCutoffMovesAMonthsEnd() throws {
        let cli = try CLIRunner()
        try cli.write(
            "payees.csv",
            """
            payee_id,payee_type,name,email,timezone,locale,day_start,week_start
            drv_ann,driver,Ann Lee,ann@example.com,UTC,en_US,06:00,
            drv_jose,driver,José Müller,jose@example.com,UTC,en_US,,

            """)
        var ledger =
            "id,occurred_at,payee_id,payee_type,payee_name,kind,amount,currency,reference,description,payout_id,"
            + "payout_status\n"
        ledger += "a1,2026-11-10T12:00:00Z,drv_ann,driver,Ann Lee,earning,10.00,USD,j1,Ride,,\n"
        ledger += "j1,2026-11-10T12:00:00Z,drv_jose,driver,José Müller,earning,10.00,USD,j2,Ride,,\n"
        try cli.write("ledger.csv", ledger)
        let arguments = OutboxTests.arguments(ledger: cli.path("ledger.csv"))
        let early = try cli.run(arguments + ["--as-of", "2026-12-01T05:59:59Z"])
        #expect(early.status == 0, "\(early.stderr)")
        // At 05:59:59 on 1 December, Ann's business day is still 30 November: her November is running.
        #expect(try Self.mail(cli) == ["jose@example.com: Example Rides: statement 2026-11"])
        #expect(try Self.report(cli)["held_open"] as? Int == 1)
        let six = try cli.run(arguments + ["--as-of", "2026-12-01T06:00:00Z"])
        #expect(six.status == 0, "\(six.stderr)")
        #expect(
            try Self.mail(cli) == [
                "ann@example.com: Example Rides: statement 2026-11",
                "jose@example.com: Example Rides: statement 2026-11",
            ])
        #expect(try Self.report(cli)["held_open"] as? Int == 0)
    }

    @Test(arguments: [
        (["--deliver-grace", "2"], "--deliver-grace: expected a number of days or hours like 2d or 36h, got '2'"),
        (["--deliver-grace", "2w"], "--deliver-grace: expected a number of days or hours like 2d or 36h, got '2w'"),
        (["--deliver-grace=-1d"], "got '-1d'"),
        (["--deliver-grace", "99999h"], "got '99999h'"),
        (["--deliver-grace", "d"], "got 'd'"),
    ])
    func aBadGraceIsAUsageError(extra: [String], expected: String) throws {
        let cli = try OutboxTests.setUp()
        let outcome = try cli.run(OutboxTests.arguments() + extra)
        #expect(outcome.status == 64)
        #expect(outcome.stderr.contains(expected), "\(outcome.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.path("outbox")))
    }

    @Test func aGraceWithoutAnOutboxIsAUsageError() throws {
        let cli = try CLIRunner()
        let outcome = try cli.run(
            ["build", CLIRunner.example("example-ledger.csv"), "--output", "site", "--deliver-grace", "2d"])
        #expect(outcome.status == 64)
        #expect(outcome.stderr.contains("--deliver-grace: needs --outbox"), "\(outcome.stderr)")
    }
}
