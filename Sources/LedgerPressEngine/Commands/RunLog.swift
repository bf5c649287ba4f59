import Foundation
import Logging

#if canImport(Glibc)
    import Glibc
#endif

/// How a run talks while it works: a progress bar on a terminal, plain swift-log lines otherwise
/// (cron), only errors with `--quiet`, stage details with `--verbose`. All on standard error.
public struct RunLog: Sendable {
    let logger: Logger
    let terminal: Bool
    let quiet: Bool
    /// The log lines' source, `[ledgerpress]`, as when this type lived in the executable (swift-log names the
    /// calling module by default).
    static let source = "ledgerpress"

    /// `--quiet` (errors only) and `--verbose` (stage details too) set the level.
    public init(quiet: Bool, verbose: Bool) {
        var logger = Logger(label: "ledgerpress") { label in StreamLogHandler.standardError(label: label) }
        logger.logLevel = quiet ? .error : verbose ? .info : .notice
        self.logger = logger
        self.quiet = quiet
        terminal = isatty(STDERR_FILENO) == 1
    }

    /// A stage's detail (shown with `--verbose`).
    public func stage(_ message: String) { logger.info("\(message)", source: Self.source) }

    /// A progress callback for the build stage: a redrawn bar on a terminal, a log line per 10 % otherwise.
    public func progress(_ title: String) -> (@Sendable (Int, Int) -> Void)? {
        if quiet { return nil }
        let started = ContinuousClock.now
        let terminal = self.terminal
        let logger = self.logger
        return { done, total in
            guard total > 0 else { return }
            let seconds = max(
                0.001,
                Double(started.duration(to: .now).components.seconds)
                    + Double(started.duration(to: .now).components.attoseconds) / 1e18)
            let rate = Int(Double(done) / seconds)
            if terminal {
                let width = 30
                let filled = width * done / total
                let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
                let end = done == total ? "\n" : ""
                FileHandle.standardError.write(
                    Data("\r\(title) [\(bar)] \(done)/\(total) payees, \(rate)/s\(end)".utf8))
            } else if done == total || (done * 10 / total) != ((done - 1) * 10 / total) {
                logger.info("\(title): \(done)/\(total) payees, \(rate)/s", source: RunLog.source)
            }
        }
    }
}
