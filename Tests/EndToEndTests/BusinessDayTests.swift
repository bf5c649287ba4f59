import Foundation
import Testing

/// Business-day cutoffs and the year period through the binary: `--day-start`, `--week-start`, the payees file's
/// `day_start` and `week_start`, `--periods ...,year`; their labels, titles, finance rows and manifest options;
/// and clear refusals of bad values.
@Suite(.serialized) struct BusinessDayTests {
    static let ledger = """
        id,occurred_at,payee_id,payee_type,kind,amount,currency
        t1,2026-10-12T03:59:00-04:00,drv_a,driver,earning,10.00,USD
        t2,2026-10-12T04:00:00-04:00,drv_a,driver,earning,7.00,USD
        t3,2026-11-02T09:00:00-05:00,drv_a,driver,tip,1.50,USD
        t4,2026-10-17T12:00:00Z,mer_b,merchant,earning,5.00,USD
        t5,2026-10-18T12:00:00Z,mer_b,merchant,earning,6.00,USD

        """
    static let payees = """
        payee_id,payee_type,name,email,timezone,locale,day_start,week_start
        drv_a,driver,Ann,a@example.com,America/New_York,en_US,04:00,
        mer_b,merchant,Bea,b@example.com,UTC,de_DE,,sunday

        """

    @Test func payeesFileCutoffsShapeLabelsTitlesAndFinanceRows() throws {
        let cli = try CLIRunner()
        try cli.write("l.csv", Self.ledger)
        try cli.write("payees.csv", Self.payees)
        let built = try cli.run([
            "build", "l.csv", "--payees", "payees.csv", "--periods", "day,week,month,year", "--output", "site",
        ])
        #expect(built.status == 0, "\(built.stderr)")
        // 03:59 on Monday 12 October is Sunday's business day, in the week before.
        let ann = try Set(FileManager.default.contentsOfDirectory(atPath: cli.path("site/payees/drv_a")))
        #expect(
            ann.isSuperset(of: [
                "2026-10-11.html", "2026-10-12.html", "2026-W41.html", "2026-W42.html", "2026-10.html", "2026.md",
            ]))
        let day = try cli.read("site/payees/drv_a/2026-10-11.md")
        #expect(day.hasPrefix("# Earnings statement — Sunday 11 October 2026, 04:00 – 04:00\n"))
        #expect(day.contains("Period: 2026-10-11 04:00 to 2026-10-12 04:00, America/New\\_York time"))
        #expect(
            try cli.read("site/payees/drv_a/2026.md").hasPrefix("# Earnings statement — Year 2026, 04:00 – 04:00\n"))
        let home = try cli.read("site/payees/drv_a/index.html")
        #expect(home.contains("id=\"kind-year\""))
        #expect(home.contains("Year 2026, 04:00 – 04:00"))
        // Weeks from Sunday are named by their first day, never as ISO weeks; German words.
        let bea = try Set(FileManager.default.contentsOfDirectory(atPath: cli.path("site/payees/mer_b")))
        #expect(bea.isSuperset(of: ["2026-10-11-week.html", "2026-10-18-week.csv", "2026.html"]))
        #expect(!bea.contains { $0.contains("-W") })
        #expect(
            try cli.read("site/payees/mer_b/2026-10-11-week.md").hasPrefix("# Abrechnung — Woche ab 11. Oktober 2026\n")
        )
        #expect(try cli.read("site/payees/mer_b/2026.md").hasPrefix("# Abrechnung — Jahr 2026\n"))
        // Finance rows for years, equal to the sum of their months.
        let summary = try cli.read("site/finance/summary.csv").split(separator: "\n").map(String.init)
        #expect(
            summary.contains(
                "drv_a,driver,2026,2026-01-01,2027-01-01,USD,0.00,17.00,1.50,0.00,0.00,0.00,18.50,0.00,18.50,3,0.00,,,0.00"
            ))
        #expect(
            summary.contains(
                "drv_a,driver,2026-10,2026-10-01,2026-11-01,USD,0.00,17.00,0.00,0.00,0.00,0.00,17.00,0.00,17.00,2,0.00,,,0.00"
            )
        )
        #expect(
            summary.contains(
                "drv_a,driver,2026-11,2026-11-01,2026-12-01,USD,17.00,0.00,1.50,0.00,0.00,0.00,1.50,0.00,18.50,1,0.00,,,0.00"
            ))
        #expect(
            summary.contains(
                "mer_b,merchant,2026-10-11-week,2026-10-11,2026-10-18,USD,0.00,5.00,0.00,0.00,0.00,0.00,5.00,0.00,5.00,1,0.00,,,0.00"
            ))
        let manifest = try cli.read("site/manifest.json")
        #expect(manifest.contains("\"year_statements_total\" : \"29.50\""))
        #expect(!manifest.contains("default_day_start") && !manifest.contains("default_week_start"))
        let verified = try cli.run(["verify", "site"])
        #expect(verified.status == 0, "\(verified.stdout)\(verified.stderr)")
        // `check` reads the same columns.
        let checked = try cli.run(["check", "l.csv", "--payees", "payees.csv"])
        #expect(checked.status == 0, "\(checked.stderr)")
    }

    @Test func runFlagsSetTheDefaultsAndThePayeesFileWins() throws {
        let cli = try CLIRunner()
        try cli.write("l.csv", Self.ledger)
        try cli.write(
            "payees.csv",
            "payee_id,payee_type,name,email,timezone,locale,day_start,week_start\n"
                + "drv_a,driver,Ann,a@example.com,America/New_York,en_US,00:00,monday\n")
        let built = try cli.run([
            "build", "l.csv", "--payees", "payees.csv", "--day-start", "04:00", "--week-start", "Sunday", "--output",
            "site",
        ])
        #expect(built.status == 0, "\(built.stderr)")
        let manifest = try cli.read("site/manifest.json")
        #expect(manifest.contains("\"default_day_start\" : \"04:00\""))
        #expect(manifest.contains("\"default_week_start\" : \"sunday\""))
        // drv_a's own 00:00 and Monday win; mer_b (not in the payees file) takes the run's.
        let ann = try FileManager.default.contentsOfDirectory(atPath: cli.path("site/payees/drv_a"))
        #expect(ann.contains("2026-W42.html") && !ann.contains("2026-10-11.html"))
        let bea = try FileManager.default.contentsOfDirectory(atPath: cli.path("site/payees/mer_b"))
        #expect(bea.contains("2026-10-11-week.html"))
        #expect(try cli.read("site/payees/mer_b/2026-10-17.md").contains("Saturday 17 October 2026, 04:00 – 04:00"))
        #expect(try cli.run(["verify", "site"]).status == 0)
    }

    @Test func theDefaultsGivenExplicitlyChangeNothing() throws {
        let cli = try CLIRunner()
        let ledger = CLIRunner.example("example-ledger.csv")
        let payees = CLIRunner.example("example-payees.csv")
        #expect(try cli.run(["build", ledger, "--payees", payees, "--output", "plain"]).status == 0)
        let explicit = try cli.run([
            "build", ledger, "--payees", payees, "--output", "explicit", "--day-start", "00:00", "--week-start",
            "monday",
        ])
        #expect(explicit.status == 0)
        #expect(try cli.tree("plain") == cli.tree("explicit"))
    }

    @Test func badValuesAreRefusedNamingWhereAndWhat() throws {
        let cli = try CLIRunner()
        try cli.write("l.csv", Self.ledger)
        for command in ["build", "check"] {
            let day = try cli.run([command, "l.csv", "--day-start", "4:00"])
            #expect(day.status == 64)
            #expect(
                day.stderr.contains(
                    "--day-start: expected a local time HH:MM from 00:00 to 23:59, such as 04:00, got '4:00'"))
            let week = try cli.run([command, "l.csv", "--week-start", "funday"])
            #expect(week.status == 64)
            #expect(
                week.stderr.contains(
                    "--week-start: expected a weekday: monday, tuesday, wednesday, thursday, friday, saturday or sunday, got 'funday'"
                ))
        }
        try cli.write(
            "payees.csv",
            "payee_id,payee_type,name,email,timezone,locale,day_start,week_start\n"
                + "drv_a,driver,Ann,a@example.com,America/New_York,en_US,25:00,fri\n")
        let built = try cli.run(["build", "l.csv", "--payees", "payees.csv", "--output", "site"])
        #expect(built.status == 65)
        let lines = built.stderr.split(separator: "\n").map(String.init)
        #expect(
            lines.contains(
                "payees.csv:2: error: day_start: expected a local time HH:MM from 00:00 to 23:59, such as 04:00, got '25:00'"
            ))
        #expect(
            lines.contains(
                "payees.csv:2: error: week_start: expected a weekday: monday, tuesday, wednesday, thursday, friday, saturday or sunday, got 'fri'"
            ))
        #expect(!FileManager.default.fileExists(atPath: cli.path("site")))
    }
}
