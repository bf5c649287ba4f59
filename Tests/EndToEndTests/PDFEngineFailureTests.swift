import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The PDF engine's failures (issue 45, items 7 and 9), with a stand-in `chromium` on PATH that speaks (or fails to
/// speak) the DevTools pipe: an engine that cannot be started exits 69 with a plain sentence, one that fails,
/// crashes or hangs on a document exits 74 naming it (never 70 "internal error"); a hung engine is killed with its
/// whole process group at its deadline and on SIGTERM; and its temporary folder (with the browser profile) is gone
/// after every ending, one left by a SIGKILL being swept by the next run.
@Suite(.serialized) struct PDFEngineFailureTests {
    typealias Running = VerifySafetyTests.Running
    static let ledger = VerifySafetyTests.ledger

    enum Mode: String {
        /// Exits at once, saying why on standard error.
        case exits
        /// Writes something that is not a DevTools message.
        case garbage
        /// Answers the set-up, then dies of SIGSEGV on the first document.
        case crashes
        /// Answers the set-up, then starts a helper (`sleep`) and never answers the first document; writes its own
        /// pid and the helper's to `pids`.
        case hangs
    }

    /// A `chromium` in `bin/` that behaves as `mode` says (Python, as Debian's WeasyPrint needs it anyway).
    static func fakeChromium(_ cli: CLIRunner, _ mode: Mode) throws {
        try FileManager.default.createDirectory(atPath: cli.path("bin"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: cli.path("tmp"), withIntermediateDirectories: true)
        let script = """
            #!/usr/bin/env python3
            import json, os, signal, subprocess, sys, time
            mode, pids = \(quoted(mode.rawValue)), \(quoted(cli.path("pids")))
            def send(obj):
                os.write(4, json.dumps(obj).encode() + b'\\0')
            if mode == 'exits':
                sys.stderr.write('chromium: cannot open the display\\n')
                sys.exit(3)
            if mode == 'garbage':
                os.write(4, b'<html>this is no browser</html>\\0')
                time.sleep(30)
                sys.exit(0)
            buffer = b''
            while True:
                chunk = os.read(3, 65536)
                if not chunk:
                    break
                buffer += chunk
                while b'\\0' in buffer:
                    raw, buffer = buffer.split(b'\\0', 1)
                    message = json.loads(raw)
                    method, number = message['method'], message['id']
                    if method == 'Target.createTarget':
                        send({'id': number, 'result': {'targetId': 'T'}})
                    elif method == 'Target.attachToTarget':
                        send({'id': number, 'result': {'sessionId': 'S'}})
                    elif method == 'Page.getFrameTree':
                        send({'id': number, 'result': {'frameTree': {'frame': {'id': 'F'}}}})
                    elif method == 'Page.setDocumentContent' and mode == 'crashes':
                        os.kill(os.getpid(), signal.SIGSEGV)
                    elif method == 'Page.setDocumentContent' and mode == 'hangs':
                        helper = subprocess.Popen(['sleep', '120'])
                        with open(pids + '.tmp', 'w') as out:
                            out.write('%d %d\\n' % (os.getpid(), helper.pid))
                        os.rename(pids + '.tmp', pids)
                        time.sleep(120)
                    else:
                        send({'id': number, 'result': {}})

            """
        let path = cli.path("bin/chromium")
        try Data(script.utf8).write(to: URL(fileURLWithPath: path))
        #expect(chmod(path, 0o755) == 0)
    }

    static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "\\'") + "'" }

    /// The environment of a run with the stand-in first on PATH and its own temporary folder.
    static func environment(_ cli: CLIRunner, timeout: Int? = nil) -> [String: String] {
        var environment = [
            "PATH": cli.path("bin") + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
            "TMPDIR": cli.path("tmp"),
        ]
        if let timeout { environment["LEDGERPRESS_TEST_PDF_TIMEOUT"] = String(timeout) }
        return environment
    }

    static func build(_ cli: CLIRunner) -> [String] {
        ["build"] + ledger + ["--output", "site", "--pdf", "month", "--pdf-engine", "chromium"]
    }

    /// What is left in the run's temporary folder.
    static func leftovers(_ cli: CLIRunner) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: cli.path("tmp"))) ?? []).sorted()
    }

    static func alive(_ pid: pid_t) -> Bool {
        // A zombie (killed, not yet reaped by its parent) counts as gone.
        guard kill(pid, 0) == 0 else { return false }
        let status = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        guard let close = status.lastIndex(of: ")") else { return false }
        return !status[close...].hasPrefix(") Z")
    }

    /// A `--pdf` build whose engine hangs, started and waited on (at most 60 s) until the engine wrote its pids.
    static func startHangingBuild(_ cli: CLIRunner) throws -> Running {
        try fakeChromium(cli, .hangs)
        let running = try Running(cli, build(cli), environment: environment(cli))
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: cli.path("pids")), running.process.isRunning, Date() < deadline {
            usleep(20_000)
        }
        return running
    }

    static func pids(_ cli: CLIRunner) throws -> [pid_t] {
        try cli.read("pids").split(whereSeparator: \.isWhitespace).compactMap { pid_t($0) }
    }

    /// Waits (at most `seconds`) until every pid is gone.
    static func gone(_ pids: [pid_t], within seconds: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while pids.contains(where: alive), Date() < deadline { usleep(20_000) }
        return !pids.contains(where: alive)
    }

    @Test(arguments: [Mode.exits, Mode.garbage])
    func anEngineThatCannotStartExits69WithAPlainSentence(_ mode: Mode) throws {
        let cli = try CLIRunner()
        try Self.fakeChromium(cli, mode)
        let outcome = try cli.run(Self.build(cli), environment: Self.environment(cli))
        #expect(outcome.status == 69, "\(outcome.stderr)")
        let first = outcome.stderr.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("ledgerpress: error: --pdf: Chromium ("), "\(outcome.stderr)")
        #expect(first.contains("could not be started as the PDF engine"), "\(first)")
        #expect(!outcome.stderr.contains("internal error") && !outcome.stderr.contains("NSCocoaErrorDomain"))
        #expect(!FileManager.default.fileExists(atPath: cli.path("site")))
        #expect(Self.leftovers(cli) == [])
    }

    @Test func anEngineThatCrashesOnADocumentExits74NamingIt() throws {
        let cli = try CLIRunner()
        #expect(try cli.run(["build"] + Self.ledger + ["--output", "site"]).status == 0)
        let before = try cli.tree("site")
        try Self.fakeChromium(cli, .crashes)
        let outcome = try cli.run(Self.build(cli), environment: Self.environment(cli))
        #expect(outcome.status == 74, "\(outcome.stderr)")
        #expect(
            outcome.stderr.contains("ledgerpress: error: --pdf: Chromium failed on ")
                && outcome.stderr.contains(".pdf of payee "), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("the previous output was left as it was"))
        #expect(!outcome.stderr.contains("internal error"))
        #expect(try cli.tree("site") == before)
        #expect(Self.leftovers(cli) == [])
    }

    /// A document that gets no answer by the deadline (60 s; 2 s here) ends the run with 74, and the engine and
    /// everything it started are killed.
    @Test func anEngineThatHangsIsKilledWithItsHelpersAtItsDeadline() throws {
        let cli = try CLIRunner()
        try Self.fakeChromium(cli, .hangs)
        let run = try NoHangTests.run(cli, Self.build(cli), within: 40, environment: Self.environment(cli, timeout: 2))
        #expect(!run.hung, "the build waited on the engine")
        #expect(run.outcome.status == 74, "\(run.outcome.stderr)")
        #expect(run.outcome.stderr.contains("no answer within 2 s"), "\(run.outcome.stderr)")
        let pids = try Self.pids(cli)
        #expect(pids.count == 2)
        #expect(Self.gone(pids), "the engine or its helper outlived the run")
        #expect(Self.leftovers(cli) == [])
    }

    /// SIGTERM while a document prints: the run ends 143, the engine's whole group is killed and its folder removed.
    @Test func sigtermKillsTheEngineAndRemovesItsFolder() throws {
        let cli = try CLIRunner()
        let running = try Self.startHangingBuild(cli)
        let pids = try Self.pids(cli)
        #expect(Self.leftovers(cli).count == 1, "the engine's folder while it runs")
        kill(running.process.processIdentifier, SIGTERM)
        // Its end, seen without waiting for its pipes to close (whatever keeps them open).
        #expect(Self.gone([running.process.processIdentifier], within: 60), "the run did not end")
        let gone = Self.gone(pids)
        // (Were they left running, they would hold this test's pipes open until their sleep ends.)
        for pid in pids where !gone { kill(pid, SIGKILL) }
        let outcome = running.finish()
        #expect(outcome.status == 143, "\(outcome.stderr)")
        #expect(gone, "the engine or its helper outlived the run")
        #expect(Self.leftovers(cli) == [])
    }

    /// A run killed with SIGKILL cannot clean up: the next `--pdf` run removes the folder it left (its process is
    /// gone), and leaves alone one whose process still runs.
    @Test func aFolderLeftByAKilledRunIsSweptByTheNext() throws {
        let cli = try CLIRunner()
        let running = try Self.startHangingBuild(cli)
        kill(running.process.processIdentifier, SIGKILL)
        // The engine survives its run's SIGKILL (its own process group): what a SIGKILL leaves, stopped here.
        for pid in try Self.pids(cli) { kill(pid, SIGKILL) }
        _ = running.finish()
        let stale = Self.leftovers(cli)
        #expect(stale.count == 1 && stale.allSatisfy { $0.hasPrefix("ledgerpress-pdf-") }, "\(stale)")
        // A folder of a live process (this test's) is not touched.
        let live = "ledgerpress-pdf-\(getpid())-live"
        try FileManager.default.createDirectory(atPath: cli.path("tmp/" + live), withIntermediateDirectories: true)
        try FileManager.default.removeItem(atPath: cli.path("bin/chromium"))
        try FileManager.default.removeItem(atPath: cli.path("pids"))
        let next = try cli.run(Self.build(cli), environment: Self.environment(cli))
        #expect(next.status == 0, "\(next.stderr)")
        #expect(Self.leftovers(cli) == [live])
    }
}
