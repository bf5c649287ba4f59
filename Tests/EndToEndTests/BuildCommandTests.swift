import Foundation
import Testing

/// The built binary, run as a user would; outputs compared with reviewed golden files.
@Suite(.serialized) struct BuildCommandTests {
    static let exampleArguments = [
        "build", CLIRunner.example("example-ledger.csv"), "--payees", CLIRunner.example("example-payees.csv"),
        "--issuer", "Example Rides & Market", "--range", "2026-10-01..2026-10-15", "--output", "site",
    ]

    static let goldenFiles = [
        "finance/summary.csv", "finance/lines.csv", "payees/drv_ann/2026-11.md", "payees/drv_ann/2026-11.html",
        "payees/drv_ann/2026-11.csv", "payees/drv_jose/2026-W43.md", "payees/drv_jose/2026-W43.html",
        "payees/drv_jose/index.html", "payees/mer_cafe/2026-10.md",
        "payees/mer_cafe/2026-10.html", "payees/mer_cafe/2026-10.csv", "payees/drv_zoe/index.html",
    ]

    @Test func exampleLedgerMatchesGoldenFiles() throws {
        let cli = try CLIRunner()
        let outcome = try cli.run(Self.exampleArguments)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.isEmpty)
        #expect(
            outcome.stdout
                == "Built 75 statements for 5 payees from 70 entries into site/ (242 files: 242 added, 0 changed, 0 unchanged, 0 removed; 0 statements revised).\n"
        )
        for file in Self.goldenFiles {
            try Golden.check(try cli.read("site/" + file), against: "example/" + file)
        }
    }

    @Test func edgeCasesGiveTheRightSummary() throws {
        let cli = try CLIRunner()
        let outcome = try cli.run([
            "build", CLIRunner.fixture("edge-ledger.csv"), "--payees", CLIRunner.fixture("edge-payees.csv"), "--output",
            "out",
        ])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        try Golden.check(try cli.read("out/finance/summary.csv"), against: "edge/summary.csv")
        // The path-like id got a folder of its own inside payees/.
        #expect(
            FileManager.default.fileExists(atPath: cli.path("out/payees/~2e~2e~2f~2e~2e~2fetc~2fpasswd/2026-10.html")))
    }

    @Test func rerunsAreByteIdenticalWhateverTheHostZoneAndLocale() throws {
        let cli = try CLIRunner()
        var first = Self.exampleArguments
        first[first.count - 1] = "a"
        var second = Self.exampleArguments
        second[second.count - 1] = "b"
        #expect(try cli.run(first).status == 0)
        #expect(
            try cli.run(second, environment: ["TZ": "Asia/Kathmandu", "LANG": "de_DE.UTF-8", "LC_ALL": "fr_FR.UTF-8"])
                .status == 0)
        let a = try cli.tree("a")
        let b = try cli.tree("b")
        #expect(a.count == 242)
        #expect(a == b)
    }

    @Test func badInputFailsClosedAndLeavesTheOutputAlone() throws {
        let cli = try CLIRunner()
        #expect(try cli.run(Self.exampleArguments).status == 0)
        let before = try cli.tree("site")
        try cli.write(
            "bad.csv",
            """
            id,occurred_at,payee_id,payee_type,kind,amount,currency
            x1,2026-10-03T10:00:00Z,drv_ann,driver,earning,10.001,USD
            x2,2026-10-03,drv_ann,driver,earning,1.00,USD
            t001,2026-10-02T08:15:00-04:00,drv_ann,driver,earning,25.00,USD
            x3,2026-10-03T10:00:00Z,drv_ann,merchant,earning,1.00,USD

            """)
        var arguments = Self.exampleArguments
        arguments.insert(cli.path("bad.csv"), at: 2)
        let outcome = try cli.run(arguments)
        #expect(outcome.status == 65)
        #expect(outcome.stdout.isEmpty)
        let lines = outcome.stderr.split(separator: "\n").map(String.init)
        let bad = cli.path("bad.csv")
        #expect(lines.contains("\(bad):2: error: amount: expected at most 2 decimals for USD, got '10.001'"))
        #expect(
            lines.contains(
                "\(bad):3: error: occurred_at: expected an RFC 3339 timestamp with offset such as 2026-10-03T14:22:05Z, got '2026-10-03'"
            ))
        #expect(
            lines.contains {
                $0.hasPrefix("\(bad):4: error: amount: expected the same amount for repeated id 't001' as at ")
            })
        #expect(
            lines.contains { $0.hasPrefix("\(bad):5: error: payee_type: expected 'driver' for payee 'drv_ann' as at ") }
        )
        #expect(lines.last == "ledgerpress: 4 problem(s) in the input; nothing was written to site")
        #expect(try cli.tree("site") == before)
        #expect(cli.stagingFolders("site").isEmpty)
    }

    /// A payees file row whose type disagrees with the ledger fails `check` and `build` (exit 65), named at its row.
    @Test func aPayeesFileTypeThatDisagreesWithTheLedgerFails() throws {
        let cli = try CLIRunner()
        let payees = try String(contentsOfFile: CLIRunner.example("example-payees.csv"), encoding: .utf8)
        let changed = payees.replacingOccurrences(of: "\ndrv_ann,driver,", with: "\ndrv_ann,merchant,")
        #expect(changed != payees)
        try cli.write("payees.csv", changed)
        let ledger = CLIRunner.example("example-ledger.csv")
        let message =
            "\(cli.path("payees.csv")):2: error: payee_type: expected 'driver' as in the ledger (\(ledger):2), got 'merchant'"
        for command in [["check"], ["build", "--output", "site"]] {
            let outcome = try cli.run(command + [ledger, "--payees", cli.path("payees.csv")])
            #expect(outcome.status == 65, "\(command)")
            #expect(outcome.stderr.split(separator: "\n").contains { $0 == message }, "\(outcome.stderr)")
        }
        #expect(try cli.tree("site").isEmpty)
    }

    @Test func exitCodesSayWhatWentWrong() throws {
        let cli = try CLIRunner()
        let missing = try cli.run(["build", "nope.csv"])
        #expect(missing.status == 66)
        #expect(missing.stderr == "nope.csv: error: no such file\n")
        let fortnight = try cli.run(["build", CLIRunner.example("example-ledger.csv"), "--periods", "fortnight"])
        #expect(fortnight.status == 64)
        #expect(fortnight.stderr.contains("--periods: expected day, week, month or year, got 'fortnight'"))
        #expect(
            try cli.run(["build", CLIRunner.example("example-ledger.csv"), "--range", "2026-10-15..2026-10-01"]).status
                == 64)
        #expect(
            try cli.run(["build", CLIRunner.example("example-ledger.csv"), "--timezone", "Mars/Base"]).status == 64)
        try cli.write("empty.csv", "")
        let empty = try cli.run(["build", "empty.csv"])
        #expect(empty.status == 65)
        #expect(empty.stderr.hasPrefix("empty.csv: error: expected a header row"))
        try cli.write("file", "x")
        #expect(try cli.run(["build", CLIRunner.example("example-ledger.csv"), "--output", "file"]).status == 73)
    }

    @Test func hostileTextAndIdsStayInert() throws {
        let cli = try CLIRunner()
        try cli.write(
            "hostile.csv",
            """
            id,occurred_at,payee_id,payee_type,payee_name,kind,amount,currency,reference,description
            h1,2026-10-03T10:00:00Z,../../etc/passwd,driver,"<script>alert(1)</script>",earning,10.00,USD,"=cmd|' /C calc'!A0","[x](javascript:alert(1))"
            h2,2026-10-03T10:00:00Z,drv/slash,driver,"# Heading
            ![img](http://evil/x.png)",earning,10.00,USD,@ref,"</td><img src=x onerror=alert(1)>"
            h3,2026-10-03T10:00:00Z,DRV_case,driver,**Bold**,earning,10.00,USD,+ref,"-1+1"
            h4,2026-10-03T10:00:00Z,drv_case,driver,<!-- x -->,earning,10.00,USD,,"```
            # not a heading"

            """)
        let outcome = try cli.run(["build", "hostile.csv", "--periods", "month"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let folders = try FileManager.default.contentsOfDirectory(atPath: cli.path("output/payees")).sorted()
        #expect(
            folders == ["drv_case", "drv~2fslash", "style.css", "~2e~2e~2f~2e~2e~2fetc~2fpasswd", "~44~52~56_case"])
        for (path, data) in try cli.tree("output") where path.hasSuffix(".html") {
            let html = String(decoding: data, as: UTF8.self)
            for tag in [
                "<script", "<img", "<a href=\"javascript", "<a href=\"http://evil", "<h1>Heading", "<!-- x", "<h1>not",
            ] {
                #expect(!html.contains(tag), "\(path) contains \(tag)")
            }
        }
        let lines = try cli.read("output/finance/lines.csv")
        #expect(lines.contains(",'=cmd|' /C calc'!A0,"))
        #expect(lines.contains(",'@ref,"))
        #expect(lines.contains(",'+ref,'-1+1,10.00,"))
        let md = try cli.read("output/payees/drv~2fslash/2026-10.md")
        #expect(md.contains("\\# Heading \\!\\[img\\](http://evil/x.png)"))
    }

    @Test func driversNeverSeeTheCustomerPriceOrCommission() throws {
        let cli = try CLIRunner()
        #expect(try cli.run(Self.exampleArguments).status == 0)
        // job_1001: customer price 24.00, commission 6.00, take 18.00.
        for file in ["2026-10.md", "2026-10.html", "2026-10.csv", "2026-W40.md", "2026-10-02.html", "index.html"] {
            let text = try cli.read("site/payees/drv_ann/" + file)
            #expect(!text.contains("24.00"), "\(file) shows the customer price")
            #expect(!text.contains("6.00") || text.contains("16.00") || text.contains("26.00"), "\(file)")
            #expect(!text.lowercased().contains("commission") || text.contains("commission are not shown"), "\(file)")
        }
        let csv = try cli.read("site/payees/drv_ann/2026-10.csv")
        #expect(
            csv.hasPrefix(
                "period,currency,occurred_at,reference,description,earnings,tips,adjustments,refunds,payouts,net,"))
        #expect(csv.contains(",job_1001,Airport run,18.00,4.00,"))
        // Finance files carry every column.
        #expect(try cli.read("site/finance/lines.csv").contains(",job_1001,Airport run,24.00,4.00,-6.00,"))
    }

    @Test func templatesCanBeOverriddenFileByFile() throws {
        let cli = try CLIRunner()
        try FileManager.default.createDirectory(atPath: cli.path("mine"), withIntermediateDirectories: true)
        try cli.write(
            "mine/driver.md", "# Custom for {{payee_name}}\n\n{{#sections}}Owed {{closing_balance}}\n{{/sections}}")
        var arguments = Self.exampleArguments
        arguments += ["--templates", "mine"]
        #expect(try cli.run(arguments).status == 0)
        #expect(try cli.read("site/payees/drv_ann/2026-11.md") == "# Custom for Ann Lee\n\nOwed $21.50\n")
        #expect(try cli.read("site/payees/mer_cafe/2026-10.md").hasPrefix("# Statement — October 2026"))
    }
}
