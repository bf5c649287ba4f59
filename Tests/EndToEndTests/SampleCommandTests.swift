import Foundation
import Testing

/// `ledgerpress sample` with the files `make bench` asks of it.
@Suite struct SampleCommandTests {
    @Test func writesLedgerJournalPayeesAndLateRows() throws {
        let cli = try CLIRunner()
        let outcome = try cli.run([
            "sample", "--entries", "300", "--payees", "6", "--out", "l.csv", "--payees-out", "p.csv",
            "--journal-out", "l.journal", "--late", "10", "--late-out", "late.csv",
        ])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.isEmpty && outcome.stderr.isEmpty)
        // The same ledger as on standard output; the extra files change nothing in it.
        let plain = try cli.run(["sample", "--entries", "300", "--payees", "6"])
        #expect(try cli.read("l.csv") == plain.stdout)
        let transactions = try cli.read("l.journal").split(separator: "\n").filter { $0.first?.isNumber == true }
        #expect(transactions.count == 300)
        #expect(
            try cli.read("p.csv").split(separator: "\n").filter { $0.hasPrefix("drv_") || $0.hasPrefix("mer_") }.count
                == 6)
        let late = try cli.read("late.csv")
        #expect(late.hasPrefix("id,occurred_at,payee_id,"))
        #expect(late.split(separator: "\n").filter { $0.hasPrefix("late_") }.count == 10)

        // Base and late rows build together (the nightly rerun `make bench` times).
        let build = try cli.run(["build", "l.csv", "late.csv", "--payees", "p.csv", "--output", "site", "--quiet"])
        #expect(build.status == 0, "\(build.stderr)")
    }

    /// `--out` is opened as a shell's `>` would: a FIFO (or `/dev/null`) is written to, not replaced by a regular
    /// file, and a symlink is followed. (Replacing `/dev/null` broke every later program on the machine that used it.)
    @Test func writesIntoAFIFOAndThroughASymlinkWithoutReplacingThem() throws {
        let cli = try CLIRunner()
        let plain = try cli.run(["sample", "--entries", "40", "--payees", "2"])
        #expect(plain.status == 0)
        // Small enough to sit in the pipe's buffer until it is read after the run.
        try #require(!plain.stdout.isEmpty && plain.stdout.utf8.count < 60_000)

        let fifo = cli.path("ledger.fifo")
        try #require(mkfifo(fifo, 0o600) == 0)
        // Held open for reading and writing, so `sample`'s open neither blocks nor is the last writer.
        let reader = open(fifo, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        try #require(reader >= 0)
        defer { close(reader) }
        let outcome = try cli.run(["sample", "--entries", "40", "--payees", "2", "--out", fifo])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        var status = stat()
        #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO, "the FIFO was replaced")
        var received = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(reader, &chunk, chunk.count)
            guard count > 0 else { break }
            received += chunk[..<count]
        }
        #expect(String(decoding: received, as: UTF8.self) == plain.stdout)

        try cli.write("real.csv", "old contents, longer than nothing at all\n")
        try FileManager.default.createSymbolicLink(atPath: cli.path("link.csv"), withDestinationPath: "real.csv")
        #expect(try cli.run(["sample", "--entries", "40", "--payees", "2", "--out", "link.csv"]).status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: cli.path("link.csv")) == "real.csv")
        #expect(try cli.read("real.csv") == plain.stdout)
    }

    @Test(arguments: [
        (["--late", "5"], "--late: expected --late-out FILE as well"),
        (["--late-out", "x.csv"], "--late-out: expected --late N as well"),
        (["--late=-1", "--late-out", "x.csv"], "--late: expected 0 or more, got -1"),
    ])
    func lateOptionsGoTogether(arguments: [String], message: String) throws {
        let cli = try CLIRunner()
        let outcome = try cli.run(["sample", "--entries", "10", "--payees", "1"] + arguments)
        #expect(outcome.status == 64)
        #expect(outcome.stderr.contains(message))
        #expect(!FileManager.default.fileExists(atPath: cli.path("x.csv")))
    }
}
