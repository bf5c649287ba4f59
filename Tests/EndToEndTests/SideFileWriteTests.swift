import Foundation
import Testing

/// The files a run writes beside the site (`--report`, `--reject-file`) on a file system that fills up: the
/// maximum file size of the process (`ulimit -f`, with SIGXFSZ ignored, so that a write past it fails with
/// EFBIG as a full disk fails with ENOSPC) is set above every file of the site and below the file under test.
@Suite struct SideFileWriteTests {
    /// Runs the binary with a file size limit of `kib` KiB, in the runner's folder.
    func runLimited(_ cli: CLIRunner, kib: Int, _ arguments: [String]) throws -> CLIRunner.Outcome {
        let script = "trap '' XFSZ; ulimit -f \(kib); exec \"$@\""
        let result = try ChildProcess.run(
            URL(fileURLWithPath: "/bin/bash"), ["-c", script, "bash", CLIRunner.binary.path] + arguments,
            directory: cli.directory)
        return CLIRunner.Outcome(
            status: result.status, stdout: String(decoding: result.stdout, as: UTF8.self),
            stderr: String(decoding: result.stderr, as: UTF8.self))
    }

    func files(_ cli: CLIRunner) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: cli.path("")).sorted()
    }

    /// 120 small inputs: the report lists each (about 33 KB), the site's largest file is its manifest (about 22 KB).
    @Test func aReportThatCannotBeWrittenAfterThePublishIsAWarning() throws {
        let cli = try CLIRunner()
        let rows =
            try String(contentsOfFile: CLIRunner.example("example-ledger.csv"), encoding: .utf8)
            .split(separator: "\n").prefix(3).joined(separator: "\n") + "\n"
        try FileManager.default.createDirectory(atPath: cli.path("in"), withIntermediateDirectories: true)
        let inputs = (1...120).map { "in/\($0).csv" }
        for input in inputs { try cli.write(input, rows) }
        let outcome = try runLimited(cli, kib: 28, ["build"] + inputs + ["--output", "output", "--report", "run.json"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(
            outcome.stderr
                == "run.json: warning: cannot write the report: File too large (the run succeeded and published its output)\n"
        )
        #expect(outcome.stdout.hasPrefix("Built "))
        #expect(try cli.run(["verify", "output"]).status == 0)
        // No report, and no half-written temporary one beside it.
        // (`.output.published`: the builder's record of the publish, ``PublishRecord``, a few dozen bytes.)
        #expect(try files(cli) == [".output.lock", ".output.published", "in", "output"])
    }

    /// 300 rejected rows of about 300 bytes each: a reject file of about 100 KB, over a limit of 28 KiB.
    @Test func aRejectFileThatCannotBeWrittenLeavesNoPartialFile() throws {
        let cli = try CLIRunner()
        var text = try String(contentsOfFile: CLIRunner.example("example-ledger.csv"), encoding: .utf8)
        let long = String(repeating: "x", count: 250)
        for index in 0..<300 { text += "bad\(index),not a time,drv_ann,driver,Ann Lee,earning,1.00,USD,,\(long),,\n" }
        try cli.write("ledger.csv", text)
        let arguments = ["build", "ledger.csv", "--output", "output", "--reject-file", "rejects.csv"]
        let outcome = try runLimited(cli, kib: 28, arguments)
        #expect(outcome.status == 73, "\(outcome.stderr)")
        #expect(outcome.stderr.hasPrefix("ledgerpress: error: cannot write rejects.csv: File too large"))
        // No partial reject file; and (issue 45) a failed first run leaves no lock file of its own either.
        #expect(try files(cli) == ["ledger.csv"])
        // A previous reject file stays whole.
        try cli.write("rejects.csv", "file,line,reason,row\n")
        #expect(try runLimited(cli, kib: 28, arguments).status == 73)
        #expect(try cli.read("rejects.csv") == "file,line,reason,row\n")
        #expect(try files(cli) == ["ledger.csv", "rejects.csv"])
    }
}
