import Foundation
import LedgerPressEngine

#if canImport(Glibc)
    import Glibc
#endif

/// SIGTERM and SIGINT, handled by ordinary Swift code on a thread of their own rather than in a signal handler
/// (where no Swift code may run): both are blocked in every thread and this thread takes them with `sigwait`.
///
/// A `build` or `merge` then ends as any failure does, with its run report (`exit_status` 143 or 130 and
/// `signal`, the other fields as the run had filled them at its last finished stage) and a line saying what the
/// output holds, and exits 128 + the signal's number. The publish is never cut in half: the thread first closes
/// the publish gate (`Engine.closePublishGate()`), which waits for a swap in progress and lets none start after it, so the output is the
/// previous site (the staging folder is left for the next run, which removes it first) or, when the swap had
/// already happened, the new one. Any other command (or a `build` before its run began) just says it was
/// interrupted and exits the same way. Either way the programs the run started and its temporary folders
/// (`Engine.endRunChildren()`) are ended first.
///
/// > Note: a signal that comes after the run wrote its own report is left unanswered: the run has ended and
/// > exits with its own status at once. A signal ignored when the process started (`nohup`, a shell's
/// > background job) stays ignored.
final class Interruption: Sendable {
    static let shared = Interruption()

    /// What a `build` or `merge` in progress has told so far.
    struct Run {
        var reportPath: String?
        /// The output as the user named it, and as resolved (its staging folder sits beside it).
        var output: String
        var resolved: URL
        var report = RunReport()
    }

    private let state = RunInterruptionState<Run>()

    /// Blocks SIGTERM and SIGINT in the calling thread, so in every thread started after it (call it first in
    /// `main`), and starts the thread that waits for them.
    static func install() {
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in [SIGTERM, SIGINT] {
            var current = sigaction()
            sigaction(signal, nil, &current)
            // SIG_IGN is the handler address 1.
            let ignored = current.__sigaction_handler.sa_handler.map { unsafeBitCast($0, to: Int.self) == 1 } ?? false
            if !ignored { sigaddset(&signals, signal) }
        }
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        let waiting = signals
        let thread = Thread { shared.wait(for: waiting) }
        thread.name = "ledgerpress signals"
        thread.start()
    }

    /// A `build` or `merge` begins: from now on a signal writes its report.
    func begin(reportPath: String?, output: String, resolved: URL) {
        state.begin(Run(reportPath: reportPath, output: output, resolved: resolved))
    }

    /// The run's report as it stands after a finished stage.
    func checkpoint(_ report: RunReport) {
        state.update { $0.report = report }
    }

    /// The run is about to write its own report and exit. If a signal has already taken over, this thread waits
    /// for the process to end instead (so that only one report is written).
    func end() {
        if state.end() {
            while true { sleep(60) }
        }
    }

    private func wait(for signals: sigset_t) {
        var signals = signals
        while true {
            var signal: Int32 = 0
            guard sigwait(&signals, &signal) == 0 else { continue }
            interrupt(by: signal)
        }
    }

    private func interrupt(by signal: Int32) {
        let published = Engine.closePublishGate()
        let taken = state.interrupt()
        guard taken.taken else { return }
        let name = signal == SIGINT ? "SIGINT" : "SIGTERM"
        let status = 128 + signal
        let console = Console()
        if let run = taken.run {
            var report = run.report
            report.exitStatus = status
            report.signal = name
            try? report.write(to: run.reportPath)
            console.error([Interruption.kept(run, signal: name, published: published)])
        } else {
            console.error(["ledgerpress: interrupted by \(name)"])
        }
        // The PDF engine's printers (each in a process group of its own, which a signal to ours never reaches) and
        // its temporary folder go with the run.
        Engine.endRunChildren()
        fflush(nil)
        _exit(status)
    }

    /// What the output holds after the interruption, in words.
    static func kept(_ run: Run, signal name: String, published: Bool) -> String {
        if published {
            return "ledgerpress: interrupted by \(name) after publishing: \(run.output) is the new site"
        }
        let fm = FileManager.default
        let staging = Engine.stagingFolder(of: run.resolved)
        var line = "ledgerpress: interrupted by \(name); nothing was published: "
        line +=
            fm.fileExists(atPath: run.resolved.path)
            ? "\(run.output) is the previous site, as it was" : "\(run.output) was not created"
        if fm.fileExists(atPath: staging) { line += " (the next run removes \(staging))" }
        return line
    }
}
