import ArgumentParser
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `build --report FILE`: a machine-readable account of the run, written whatever its outcome.
/// (Timings and memory are measurements of this run: the report is not part of the published site.)
struct RunReport: Encodable {
    struct Input: Encodable {
        var name: String
        var size: Int
        var sha256: String
        var rows: Int
    }

    struct Files: Encodable {
        var added = 0
        var changed = 0
        var unchanged = 0
        var removed = 0
    }

    var inputs: [Input] = []
    var rowsRead = 0
    var rowsRejected = 0
    var entries = 0
    var payees = 0
    var statements: [String: Int] = [:]
    var files = Files()
    var revisions = 0
    var timingsSeconds: [String: Double] = [:]
    var peakMemoryKiB = 0
    var exitStatus: Int32 = 0

    enum CodingKeys: String, CodingKey {
        case inputs, entries, payees, statements, files, revisions
        case rowsRead = "rows_read"
        case rowsRejected = "rows_rejected"
        case timingsSeconds = "timings_seconds"
        case peakMemoryKiB = "peak_memory_kib"
        case exitStatus = "exit_status"
    }

    private var clock = ContinuousClock.now

    /// Records the time since the previous stage ended under `stage`.
    mutating func finishStage(_ stage: String) {
        let now = ContinuousClock.now
        timingsSeconds[stage] = RunReport.seconds(clock.duration(to: now))
        clock = now
    }

    /// A duration in seconds, rounded to the millisecond (half away from zero) in integer arithmetic:
    /// 2.5 s is `2.5`, 1 min 999.5 ms is `60.0`.
    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        let perMillisecond: Int64 = 1_000_000_000_000_000
        var (milliseconds, rest) = attoseconds.quotientAndRemainder(dividingBy: perMillisecond)
        if rest.magnitude * 2 >= perMillisecond.magnitude { milliseconds += rest < 0 ? -1 : 1 }
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        let (total, overflowAgain) = whole.addingReportingOverflow(milliseconds)
        if overflow || overflowAgain { return Double(seconds) }
        return Double(total) / 1000
    }

    /// Runs the command's work and writes its report (when asked for), whatever the outcome: the exit
    /// status of an `ExitCode`, 64 for a `ValidationError`, and for any other error — a bug — 70 with
    /// `ledgerpress: internal error: ...`.
    ///
    /// > Note: when the report itself cannot be written after a failure, its message is printed and
    /// > the run keeps the failure's own exit status.
    static func recording(to path: String?, _ work: (inout RunReport) throws -> Void) throws {
        var report = RunReport()
        do {
            try TestHooks.internalErrorIfAsked()
            try work(&report)
        } catch {
            let (status, thrown) = RunReport.outcome(of: error)
            report.exitStatus = status
            try? report.write(to: path)
            throw thrown
        }
        try report.write(to: path)
    }

    /// The exit status a failure ends the run with, and the error to hand on to ArgumentParser.
    static func outcome(of error: Error) -> (status: Int32, error: Error) {
        switch error {
        case let code as ExitCode:
            return (code.rawValue, code)
        case is ValidationError:
            return (Exit.usage.rawValue, error)
        default:
            Console().error(["ledgerpress: internal error: \(RunReport.describe(error))"])
            return (Exit.software.rawValue, Exit.software)
        }
    }

    /// An error's text for a message: Foundation's sentence for its file errors, else the error's description.
    static func describe(_ error: Error) -> String {
        if let error = error as? CocoaError { return error.localizedDescription }
        return String(describing: error)
    }

    /// Writes the report to the path (`-`: standard output); nothing when there is no path.
    func write(to path: String?) throws {
        guard let path else { return }
        if path == "-" {
            FileHandle.standardOutput.write(json())
        } else if !FileManager.default.createFile(atPath: path, contents: json()) {
            Console().error(["\(path): error: expected a writable path for the report, got a write error"])
            throw Exit.cannotCreate
        }
    }

    func json() -> Data {
        var copy = self
        var usage = rusage()
        if getrusage(RUSAGE_SELF.rawValue, &usage) == 0 { copy.peakMemoryKiB = Int(usage.ru_maxrss) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        var data = (try? encoder.encode(copy)) ?? Data("{}".utf8)
        data.append(10)
        return data
    }
}
