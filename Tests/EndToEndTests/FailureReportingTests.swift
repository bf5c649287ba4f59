import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Every way `build` and `merge` can fail writes the run report with its exit status, and says what happened.
@Suite(.serialized) struct FailureReportingTests {
    struct Report: Decodable {
        var exit_status: Int
    }

    static let ledger = CLIRunner.example("example-ledger.csv")

    func report(_ cli: CLIRunner, _ name: String = "run.json") throws -> Report {
        try JSONDecoder().decode(Report.self, from: Data(try cli.read(name).utf8))
    }

    /// One failure of each class: the arguments after the command, what to prepare, the exit status.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var arguments: [String]
        var environment: [String: String] = [:]
        var status: Int32
        var testDescription: String { name }
    }

    static let buildCases: [Case] = [
        Case(name: "bad data", arguments: ["bad.csv"], status: 65),
        Case(name: "missing input", arguments: ["missing.csv"], status: 66),
        Case(name: "output cannot be created", arguments: [ledger, "--output", "afile/out"], status: 73),
        Case(
            name: "internal error", arguments: [ledger], environment: ["LEDGERPRESS_TEST_INTERNAL_ERROR": "1"],
            status: 70),
        Case(name: "usage: bad --timezone", arguments: [ledger, "--timezone", "Nowhere/Else"], status: 64),
        Case(name: "usage: bad --format (an option group)", arguments: [ledger, "--format", "xml"], status: 64),
        Case(name: "usage: bad --locale", arguments: [ledger, "--locale", "xx_YY"], status: 64),
        Case(name: "usage: unknown option", arguments: [ledger, "--no-such-option"], status: 64),
    ]

    /// The inputs of the cases, and a previous run's report (what a nightly job leaves behind).
    func prepare(_ cli: CLIRunner) throws {
        try cli.write(
            "bad.csv", "id,occurred_at,payee_id,payee_type,kind,amount,currency\nx,bad,d,driver,earning,1.00,USD\n")
        try cli.write("afile", "not a folder\n")
        try cli.write("run.json", "{\n  \"exit_status\" : 0\n}\n")
    }

    @Test(arguments: buildCases) func buildWritesTheReportWhateverTheFailure(_ failure: Case) throws {
        let cli = try CLIRunner()
        try prepare(cli)
        let outcome = try cli.run(
            ["build"] + failure.arguments + ["--report", "run.json"], environment: failure.environment)
        #expect(outcome.status == failure.status, "\(outcome.stderr)")
        #expect(try report(cli).exit_status == Int(failure.status))
    }

    @Test(arguments: buildCases) func buildWritesTheReportToStandardOutput(_ failure: Case) throws {
        let cli = try CLIRunner()
        try prepare(cli)
        let outcome = try cli.run(["build"] + failure.arguments + ["--report", "-"], environment: failure.environment)
        #expect(outcome.status == failure.status, "\(outcome.stderr)")
        let report = try JSONDecoder().decode(Report.self, from: Data(outcome.stdout.utf8))
        #expect(report.exit_status == Int(failure.status))
    }

    @Test func anInternalErrorSaysSoAndPublishesNothing() throws {
        let cli = try CLIRunner()
        let outcome = try cli.run(
            ["build", Self.ledger, "--report", "run.json"], environment: ["LEDGERPRESS_TEST_INTERNAL_ERROR": "1"])
        #expect(outcome.status == 70)
        #expect(outcome.stderr.hasPrefix("ledgerpress: internal error: "), "\(outcome.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.path("output")))
    }

    @Test func anInternalErrorOfAnyCommandExits70() throws {
        let cli = try CLIRunner()
        let outcome = try cli.run(["verify", "site"], environment: ["LEDGERPRESS_TEST_INTERNAL_ERROR": "1"])
        #expect(outcome.status == 70)
        #expect(
            outcome.stderr
                == "ledgerpress: internal error: LEDGERPRESS_TEST_INTERNAL_ERROR is set (a test of the internal-error path)\n"
        )
    }

    @Test(arguments: [
        Case(name: "missing shard", arguments: ["nope"], status: 66),
        Case(
            name: "internal error", arguments: ["nope"], environment: ["LEDGERPRESS_TEST_INTERNAL_ERROR": "1"],
            status: 70),
        Case(name: "usage: no shard given", arguments: [], status: 64),
    ]) func mergeWritesTheReportWhateverTheFailure(_ failure: Case) throws {
        let cli = try CLIRunner()
        try prepare(cli)
        let outcome = try cli.run(
            ["merge"] + failure.arguments + ["--report", "run.json"], environment: failure.environment)
        #expect(outcome.status == failure.status, "\(outcome.stderr)")
        #expect(try report(cli).exit_status == Int(failure.status))
    }

    /// After a successful publish the report's failure is a warning: the site is out, and exit 0 says so.
    @Test func aReportThatCannotBeWrittenSaysWhy() throws {
        let cli = try CLIRunner()
        try FileManager.default.createDirectory(atPath: cli.path("reports"), withIntermediateDirectories: true)
        let missing = try cli.run(["build", Self.ledger, "--report", "nodir/run.json", "--quiet"])
        #expect(missing.status == 0)
        #expect(
            missing.stderr
                == "nodir/run.json: warning: cannot write the report: No such file or directory (the run succeeded and published its output)\n"
        )
        let folder = try cli.run(["build", Self.ledger, "--report", "reports", "--quiet"])
        #expect(folder.status == 0)
        #expect(
            folder.stderr
                == "reports: warning: cannot write the report: Is a directory (the run succeeded and published its output)\n"
        )
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.path("reports")).isEmpty)
    }

    @Test func aFailedRunWhoseReportCannotBeWrittenKeepsItsOwnStatus() throws {
        let cli = try CLIRunner()
        let outcome = try cli.run(["build", "missing.csv", "--report", "nodir/run.json"])
        #expect(outcome.status == 66)
        #expect(
            outcome.stderr
                == "missing.csv: error: no such file\nnodir/run.json: error: cannot write the report: No such file or directory\n"
        )
    }

    @Test func aUsageErrorDoesNotOverwriteAFileThatIsNotAReport() throws {
        let cli = try CLIRunner()
        try cli.write("notes.txt", "my thesis\n")
        let outcome = try cli.run(["build", Self.ledger, "--timezone", "Nowhere/Else", "--report", "notes.txt"])
        #expect(outcome.status == 64)
        #expect(try cli.read("notes.txt") == "my thesis\n")
        #expect(
            outcome.stderr.hasPrefix(
                "notes.txt: warning: --report: not written after a usage error (it only replaces a previous run report)\n"
            ))
    }

    @Test func aUsageErrorCreatesNoFile() throws {
        let cli = try CLIRunner()
        try FileManager.default.createDirectory(atPath: cli.path("output"), withIntermediateDirectories: true)
        let outcome = try cli.run(["build", Self.ledger, "--locale", "xx_YY", "--report", "output/run.json"])
        #expect(outcome.status == 64)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.path("output")).isEmpty)
    }

    @Test func aUsageErrorReplacesAPreviousReport() throws {
        let cli = try CLIRunner()
        #expect(try cli.run(["build", Self.ledger, "--report", "run.json"]).status == 0)
        #expect(try report(cli).exit_status == 0)
        #expect(try cli.run(["build", Self.ledger, "--timezone", "Nowhere/Else", "--report=run.json"]).status == 64)
        #expect(try report(cli).exit_status == 64)
    }
}

/// `--locale` and the payees file's locales: only locales the money formatter has data for.
@Suite struct LocaleValidationTests {
    @Test(arguments: ["xx_YY", "en_US; rm -rf", "", "en-US", "EN_us"]) func anUnknownLocaleIsAUsageError(
        _ locale: String
    ) throws {
        let cli = try CLIRunner()
        let outcome = try cli.run(["build", CLIRunner.example("example-ledger.csv"), "--locale", locale])
        #expect(outcome.status == 64)
        #expect(
            outcome.stderr.contains("--locale: expected a locale such as en_US or de_DE, got '\(locale)'"),
            "\(outcome.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.path("output")))
    }

    @Test func aKnownLocaleIsAccepted() throws {
        let cli = try CLIRunner()
        let outcome = try cli.run([
            "build", CLIRunner.example("example-ledger.csv"), "--locale", "fr_FR", "--periods", "month",
        ])
        #expect(outcome.status == 0, "\(outcome.stderr)")
    }

    @Test func aPayeesFileLocaleIsCheckedTheSameWay() throws {
        let cli = try CLIRunner()
        try cli.write(
            "payees.csv",
            "payee_id,payee_type,name,email,timezone,locale\ndrv_ann,driver,Ann,,UTC,en_US\ndrv_jose,driver,José,,UTC,en_US; rm -rf\n"
        )
        let outcome = try cli.run(["check", CLIRunner.example("example-ledger.csv"), "--payees", "payees.csv"])
        #expect(outcome.status == 65)
        #expect(
            outcome.stderr.contains(
                "payees.csv:3: error: locale: expected a locale such as en_US or de_DE, got 'en_US; rm -rf'"))
    }
}

/// Inputs that are not regular readable files: each says what it is, once, with the whole path.
@Suite struct InputFileMessageTests {
    func run(_ cli: CLIRunner, _ arguments: [String]) throws -> CLIRunner.Outcome {
        try cli.run(arguments)
    }

    @Test func aFolderIsNotAFile() throws {
        let cli = try CLIRunner()
        try FileManager.default.createDirectory(atPath: cli.path("exports"), withIntermediateDirectories: true)
        let outcome = try cli.run(["check", "exports"])
        #expect(outcome.status == 66)
        #expect(outcome.stderr == "exports: error: is a folder, expected a file\n")
    }

    @Test func aMissingFileSaysSo() throws {
        let cli = try CLIRunner()
        let outcome = try cli.run(["build", "nope/ledger.csv"])
        #expect(outcome.status == 66)
        #expect(outcome.stderr == "nope/ledger.csv: error: no such file\n")
    }

    @Test func devNullIsAnEmptyFile() throws {
        let cli = try CLIRunner()
        let outcome = try cli.run(["check", "/dev/null"])
        #expect(outcome.status == 65)
        #expect(outcome.stderr.hasPrefix("/dev/null: error: "), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("got 'an empty file'"), "\(outcome.stderr)")
    }

    @Test func aFIFOIsRefusedWithoutReadingIt() throws {
        let cli = try CLIRunner()
        #expect(mkfifo(cli.path("pipe.csv"), 0o600) == 0)
        // Nobody writes to the FIFO: reading it would block forever.
        let outcome = try cli.run(["check", "pipe.csv"])
        #expect(outcome.status == 66)
        #expect(outcome.stderr == "pipe.csv: error: is a FIFO, expected a regular file\n")
    }

    @Test func aDeviceIsRefused() throws {
        let cli = try CLIRunner()
        let outcome = try cli.run(["check", "/dev/zero"])
        #expect(outcome.status == 66)
        #expect(outcome.stderr == "/dev/zero: error: is a device, expected a regular file\n")
    }

    @Test func aReadErrorNamesTheSystemsReason() throws {
        // /proc/self/mem opens as a regular file, and reading it from offset 0 fails with EIO.
        let cli = try CLIRunner()
        let outcome = try cli.run(["check", "/proc/self/mem"])
        #expect(outcome.status == 74)
        #expect(outcome.stderr == "/proc/self/mem: error: cannot read: Input/output error\n")
    }

    @Test func theOptionThatNamedAFileIsSaid() throws {
        let cli = try CLIRunner()
        try FileManager.default.createDirectory(atPath: cli.path("people"), withIntermediateDirectories: true)
        let payees = try cli.run(["check", CLIRunner.example("example-ledger.csv"), "--payees", "people"])
        #expect(payees.status == 66)
        #expect(payees.stderr == "people: error: --payees: is a folder, expected a file\n")
        let mapping = try cli.run(["check", CLIRunner.example("example-ledger.csv"), "--mapping", "map.yaml"])
        #expect(mapping.status == 66)
        #expect(mapping.stderr == "map.yaml: error: --mapping: no such file\n")
    }

    @Test func templatesMustBeAFolder() throws {
        let cli = try CLIRunner()
        try cli.write("layout.html", "<html></html>\n")
        let file = try cli.run(["build", CLIRunner.example("example-ledger.csv"), "--templates", "layout.html"])
        #expect(file.status == 66)
        #expect(file.stderr == "layout.html: error: --templates: is a file, expected a folder\n")
        let missing = try cli.run(["build", CLIRunner.example("example-ledger.csv"), "--templates", "mine"])
        #expect(missing.status == 66)
        #expect(missing.stderr == "mine: error: --templates: no such folder\n")
    }

    @Test func aBadTemplateIsNamedByFileLineAndColumnInWords() throws {
        let cli = try CLIRunner()
        try FileManager.default.createDirectory(atPath: cli.path("mine"), withIntermediateDirectories: true)
        try cli.write("mine/driver.md", "Hello\n{{#x}}")
        let outcome = try cli.run(["build", CLIRunner.example("example-ledger.csv"), "--templates", "mine"])
        #expect(outcome.status == 65)
        #expect(
            outcome.stderr
                == "mine/driver.md:2:7: error: template: expected valid Mustache, got a section that is never closed\n")
    }

    @Test func aTemplateThatIsNotTextSaysSo() throws {
        let cli = try CLIRunner()
        try FileManager.default.createDirectory(atPath: cli.path("mine/merchant.md"), withIntermediateDirectories: true)
        let folder = try cli.run(["build", CLIRunner.example("example-ledger.csv"), "--templates", "mine"])
        #expect(folder.status == 65)
        #expect(folder.stderr == "mine/merchant.md: error: template: is a folder, expected a file\n")
        try FileManager.default.removeItem(atPath: cli.path("mine/merchant.md"))
        try Data([0xFF, 0xFE, 0x00]).write(to: URL(fileURLWithPath: cli.path("mine/layout.html")))
        let binary = try cli.run(["build", CLIRunner.example("example-ledger.csv"), "--templates", "mine"])
        #expect(binary.status == 65)
        #expect(binary.stderr == "mine/layout.html: error: template: expected UTF-8 text, got other bytes\n")
    }

    @Test func verifySaysWhatIsAtThePath() throws {
        let cli = try CLIRunner()
        try cli.write("site.txt", "x\n")
        let file = try cli.run(["verify", "site.txt"])
        #expect(file.status == 66)
        #expect(file.stderr == "site.txt: error: is a file, expected a published output folder\n")
        let missing = try cli.run(["verify", "gone"])
        #expect(missing.status == 66)
        #expect(missing.stderr == "gone: error: no such folder\n")
    }

    @Test func verifyNamesAMissingManifestOnceAndWhole() throws {
        let cli = try CLIRunner()
        try FileManager.default.createDirectory(atPath: cli.path("site"), withIntermediateDirectories: true)
        let outcome = try cli.run(["verify", "site"])
        #expect(outcome.status == 65)
        #expect(outcome.stderr == "site/manifest.json: missing\n")
        let slash = try cli.run(["verify", "site/"])
        #expect(slash.stderr == "site/manifest.json: missing\n")
    }
}
