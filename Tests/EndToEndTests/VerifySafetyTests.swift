import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `verify` reads under the output's lock (so a publish in progress is waited for, never reported as
/// tampering), re-checks every summary row's arithmetic, and names each file once.
@Suite(.serialized) struct VerifySafetyTests {
    static let ledger = [CLIRunner.example("example-ledger.csv"), "--payees", CLIRunner.example("example-payees.csv")]

    func built() throws -> CLIRunner {
        let cli = try CLIRunner()
        let outcome = try cli.run(["build"] + Self.ledger + ["--output", "output"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        return cli
    }

    /// A run of the binary in the background, whose standard error can be read line by line while it runs.
    final class Running {
        let process = Process()
        let out = Pipe()
        let err = Pipe()

        /// `environment`: added to the test's own (without `SOURCE_DATE_EPOCH`).
        init(_ cli: CLIRunner, _ arguments: [String], environment added: [String: String] = [:]) throws {
            process.executableURL = CLIRunner.binary
            process.arguments = arguments
            process.currentDirectoryURL = cli.directory
            var environment = ProcessInfo.processInfo.environment
            environment.removeValue(forKey: "SOURCE_DATE_EPOCH")
            environment.merge(added) { _, new in new }
            process.environment = environment
            process.standardOutput = out
            process.standardError = err
            try process.run()
        }

        /// The next line the process writes to standard error (without its newline), or what is left at its end.
        func errorLine() -> String {
            var bytes: [UInt8] = []
            while true {
                guard let byte = ChildProcess.readByte(err.fileHandleForReading.fileDescriptor), byte != 10 else {
                    break
                }
                bytes.append(byte)
            }
            return String(decoding: bytes, as: UTF8.self)
        }

        func finish() -> CLIRunner.Outcome {
            let stdout = ChildProcess.readAll(out.fileHandleForReading.fileDescriptor)
            let stderr = ChildProcess.readAll(err.fileHandleForReading.fileDescriptor)
            process.waitUntilExit()
            return CLIRunner.Outcome(
                status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                stderr: String(decoding: stderr, as: UTF8.self))
        }
    }

    /// The output's lock, held by this test as a run (exclusive) or a verify (shared) would hold it.
    final class HeldLock {
        let descriptor: Int32

        init(_ cli: CLIRunner, exclusive: Bool) throws {
            descriptor = open(cli.path(".output.lock"), O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
            try #require(descriptor >= 0)
            try #require(flock(descriptor, (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB) == 0)
        }

        func release() { flock(descriptor, LOCK_UN) }

        deinit { close(descriptor) }
    }

    /// The probe: a verify while a publish swaps the folder reported tampering. Here the "publish" holds the
    /// lock with the site half-changed (a file gone); verify waits for it, and checks the finished site.
    @Test func verifyWaitsForAPublishInProgress() throws {
        let cli = try built()
        let lock = try HeldLock(cli, exclusive: true)
        let page = "output/payees/drv_ann/index.html"
        try FileManager.default.moveItem(atPath: cli.path(page), toPath: cli.path("aside.html"))
        let verify = try Running(cli, ["verify", "output"])
        let first = verify.errorLine()
        #expect(
            first
                == "ledgerpress: waiting for another run to finish publishing output (it holds \(cli.path(".output.lock")))"
        )
        try FileManager.default.moveItem(atPath: cli.path("aside.html"), toPath: cli.path(page))
        lock.release()
        let outcome = verify.finish()
        #expect(outcome.status == 0, "\(first)\n\(outcome.stderr)")
        #expect(outcome.stdout == "output: verified\n")
    }

    /// A site reached through a symbolic link is locked beside the real folder, where build and merge lock it.
    @Test func verifyThroughASymlinkWaitsForTheRealFoldersLock() throws {
        let cli = try built()
        try FileManager.default.createSymbolicLink(atPath: cli.path("site"), withDestinationPath: cli.path("output"))
        let lock = try HeldLock(cli, exclusive: true)
        let outcome = try cli.run(["verify", "site", "--wait", "0"])
        #expect(outcome.status == 75, "\(outcome.stderr)")
        #expect(
            outcome.stderr
                == "ledgerpress: another run held \(cli.path(".output.lock")) for more than 0 seconds; try again later\n"
        )
        lock.release()
        let after = try cli.run(["verify", "site"])
        #expect(after.status == 0, "\(after.stderr)")
        #expect(after.stdout == "site: verified\n")
    }

    @Test func verifyGivesUpAfterItsWait() throws {
        let cli = try built()
        let lock = try HeldLock(cli, exclusive: true)
        let outcome = try cli.run(["verify", "output", "--wait", "0"])
        #expect(outcome.status == 75)
        #expect(
            outcome.stderr
                == "ledgerpress: another run held \(cli.path(".output.lock")) for more than 0 seconds; try again later\n"
        )
        lock.release()
    }

    /// A verify holds the lock shared: a build waits for it rather than failing as if another build held it.
    @Test func aBuildWaitsForAVerify() throws {
        let cli = try built()
        let lock = try HeldLock(cli, exclusive: false)
        let build = try Running(cli, ["build"] + Self.ledger + ["--output", "output"])
        let first = build.errorLine()
        #expect(
            first
                == "ledgerpress: waiting for a `ledgerpress verify` of output to finish (it holds \(cli.path(".output.lock")))"
        )
        lock.release()
        let outcome = build.finish()
        #expect(outcome.status == 0, "\(first)\n\(outcome.stderr)")
    }

    /// A read-only copy of a site, where the lock file cannot be created, still verifies (with a note).
    @Test func verifyWithoutALockFileNotesIt() throws {
        let cli = try built()
        try FileManager.default.removeItem(atPath: cli.path(".output.lock"))
        try FileManager.default.createSymbolicLink(
            atPath: cli.path(".output.lock"), withDestinationPath: "/nonexistent-ledgerpress/lock")
        let outcome = try cli.run(["verify", "output"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(
            outcome.stderr.hasPrefix(
                "ledgerpress: note: cannot open the lock file \(cli.path(".output.lock")): No such file or directory; verifying without the lock"
            ))
        #expect(outcome.stdout == "output: verified\n")
    }

    /// Builds of two different ledgers alternate with verifies running meanwhile; every verify passes, and each
    /// round's build published its own ledger.
    @Test func verifiesDuringBuildsNeverReportTampering() throws {
        let cli = try built()
        let ledger = try String(contentsOfFile: CLIRunner.example("example-ledger.csv"), encoding: .utf8)
        try cli.write(
            "grown.csv",
            ledger + "late1,2026-11-12T20:00:00-05:00,drv_ann,driver,Ann Lee,tip,2.00,USD,job_1009,Late tip,,\n")
        var during = 0
        for round in 0..<4 {
            let grown = round % 2 == 0
            let input = grown ? "grown.csv" : CLIRunner.example("example-ledger.csv")
            let build = try Running(
                cli, ["build", input, "--payees", CLIRunner.example("example-payees.csv"), "--output", "output"])
            var verifies = 0
            // At least one verify a round, started while the build runs (it was just launched) or right after.
            repeat {
                if build.process.isRunning { during += 1 }
                let verify = try cli.run(["verify", "output"])
                #expect(verify.status == 0, "round \(round): \(verify.stderr)")
                verifies += 1
            } while build.process.isRunning
            #expect(verifies > 0)
            #expect(build.finish().status == 0)
            let after = try cli.run(["verify", "output"])
            #expect(after.status == 0, "round \(round), after the build: \(after.stderr)")
            // The late tip joins job_1009's line in November: 2.00 of tips in the grown ledger, none without it.
            let tipped = ",2026-11,USD,2026-11-12T13:10:00-05:00,job_1009,Mall pickup,22.00,2.00,"
            #expect(
                try cli.read("output/finance/lines.csv").contains(tipped) == grown,
                "round \(round): the published site is not the one this round built")
        }
        #expect(during > 0, "no verify ran while a build was running")
    }

    /// The probe: after an edited `earnings` cell and a re-hashed manifest, verify passed. The row's own
    /// arithmetic no longer adds up.
    @Test func anEditedCellWithARehashedManifestFails() throws {
        let cli = try built()
        let summary = try cli.read("output/finance/summary.csv")
        let edited = summary.replacingOccurrences(
            of: "drv_ann,driver,2026-10,2026-10-01,2026-11-01,USD,0.00,135.50,",
            with: "drv_ann,driver,2026-10,2026-10-01,2026-11-01,USD,0.00,136.50,")
        #expect(edited != summary)
        try cli.write("output/finance/summary.csv", edited)
        let manifestPath = cli.path("output/manifest.json")
        var manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: manifestPath)))
                as? [String: Any])
        var files = try #require(manifest["files"] as? [[String: Any]])
        let index = try #require(files.firstIndex { $0["path"] as? String == "finance/summary.csv" })
        files[index]["size"] = try MergeSafetyTests.size(cli.path("output/finance/summary.csv"))
        files[index]["sha256"] = try MergeSafetyTests.sha256(cli.path("output/finance/summary.csv"))
        manifest["files"] = files
        try JSONSerialization.data(
            withJSONObject: manifest, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        )
        .write(to: URL(fileURLWithPath: manifestPath))
        let outcome = try cli.run(["verify", "output"])
        #expect(outcome.status == 65)
        #expect(
            outcome.stderr
                == "output/finance/summary.csv:2: error: net_activity: expected 111.62 (earnings + tips + fees + adjustments + refunds + tax), got 110.62\n"
        )
    }

    /// A manifest that lists a file outside the site (with its right digest) does not verify.
    @Test func aManifestPathOutsideTheSiteFails() throws {
        let cli = try built()
        try cli.write("victim.txt", "outside\n")
        try cli.rewriteManifest(in: "output") { files in
            files.append([
                "path": "payees/drv_ann/../../../victim.txt", "size": 8,
                "sha256": try MergeSafetyTests.sha256(cli.path("victim.txt")),
            ])
        }
        let outcome = try cli.run(["verify", "output"])
        #expect(outcome.status == 65)
        #expect(
            outcome.stderr
                == "output/manifest.json: error: files: 'payees/drv_ann/../../../victim.txt': expected a path a site may hold, got a '..' component\n"
        )
    }

    /// A published file replaced by a link to a copy of itself does not verify: a publish never makes links.
    @Test func aSymbolicLinkInTheSiteFails() throws {
        let cli = try built()
        try FileManager.default.moveItem(
            atPath: cli.path("output/payees/drv_ann/index.html"), toPath: cli.path("copy.html"))
        try FileManager.default.createSymbolicLink(
            atPath: cli.path("output/payees/drv_ann/index.html"), withDestinationPath: cli.path("copy.html"))
        let outcome = try cli.run(["verify", "output"])
        #expect(outcome.status == 65)
        #expect(
            outcome.stderr
                == "output/payees/drv_ann/index.html: a symbolic link (or inside one), not a file the site published\n")
    }

    /// The probe: a missing manifest was reported as `site//<the absolute path>/manifest.json: missing`.
    @Test(arguments: ["output", "output/", "./output"]) func aMissingManifestIsNamedOnce(folder: String) throws {
        let cli = try built()
        try FileManager.default.removeItem(atPath: cli.path("output/manifest.json"))
        let outcome = try cli.run(["verify", folder])
        #expect(outcome.status == 65)
        let name = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        #expect(outcome.stderr == "\(name)/manifest.json: missing\n")
    }
}
