import ArgumentParser
import Foundation
import LedgerPressEngine

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
        /// rows = accepted + rejected + skipped, as `check` prints them (`build` only: `merge` reads no input rows).
        var accepted: Int? = nil
        var rejected: Int? = nil
        var skipped: Int? = nil
        var entries: Int? = nil
        var newEntries: Int? = nil

        enum CodingKeys: String, CodingKey {
            case name, size, sha256, rows, accepted, rejected, skipped, entries
            case newEntries = "new_entries"
        }
    }

    struct Files: Encodable {
        var added = 0
        var changed = 0
        var unchanged = 0
        var removed = 0
    }

    /// `--pdf`: PDFs printed by this run, kept from the previous site (their statement unchanged), and the time
    /// the render threads waited for the engine's workers (summed over the threads).
    struct PDFs: Encodable {
        /// `native` or `chromium`.
        var engine: String
        var written: Int
        /// Income letters' PDFs printed (`--letters`), apart from the statements'.
        var letters: Int
        var reused: Int
        var seconds: Double
    }

    /// The threads the run started: render workers (one per CPU the process may use, more with `--pdf`), writer
    /// lanes (`LEDGERPRESS_WRITERS`, else one per four workers), and the threads that read a native export's chunks
    /// (as many as the render workers; absent when no input was read in chunks).
    struct Threads: Encodable {
        var render: Int
        var writers: Int
        var importReaders: Int?

        enum CodingKeys: String, CodingKey {
            case render, writers
            case importReaders = "import_readers"
        }
    }

    /// What the build took from the last build's import checkpoint (`.<output>.ledger`): inputs whose rows it did
    /// not read again, and the one it read on from the line where the last build stopped (rows appended since).
    struct ImportCheckpointUse: Encodable {
        var inputsTaken: Int
        var readOn: String?
        var readOnFromLine: Int?
        /// Payees whose entries digest was taken from it (their entries not read again to key them).
        var entriesDigestsTaken: Int

        enum CodingKeys: String, CodingKey {
            case inputsTaken = "inputs_taken"
            case readOn = "read_on"
            case readOnFromLine = "read_on_from_line"
            case entriesDigestsTaken = "entries_digests_taken"
        }
    }

    var inputs: [Input] = []
    /// Absent when no input was taken from a checkpoint.
    var importCheckpoint: ImportCheckpointUse?
    var rowsRead = 0
    var rowsRejected = 0
    var entries = 0
    var payees = 0
    var statements: [String: Int] = [:]
    var files = Files()
    var revisions = 0
    /// Payees rendered by this run, and payees whose published folder was carried over unrendered.
    var payeesRendered = 0
    var payeesReused = 0
    var timingsSeconds: [String: Double] = [:]
    /// CPU seconds of one kind of work over all threads, when measured: `html`, the statements' HTML rendering;
    /// `writers`, the staging writer's lanes; `import_readers`, the threads that read a native export's chunks;
    /// `import_ordered`, the one thread that adds their rows to the ledger in order (the import's serial part).
    var cpuSeconds: [String: Double]?
    /// Time threads spent waiting, summed over them: `writer_queue`, render workers waiting for room in the staging
    /// writer's queue (the writer lanes could not keep up).
    var waitsSeconds: [String: Double]?
    /// The process's CPU time, all threads (`user`, `system`), as the run ends: beside the wall time, how many
    /// cores the run kept busy.
    var processCPUSeconds: [String: Double] = [:]
    var pdf: PDFs?
    var peakMemoryKiB = 0
    var exitStatus: Int32 = 0
    /// `SIGTERM` or `SIGINT` when a signal ended the run (``Interruption``); absent otherwise.
    var signal: String?
    /// `--outbox`: messages written and payees left out; absent without `--outbox`.
    var outbox: Outbox?
    /// `build`: the render and writer threads; absent for `merge`.
    var threads: Threads?

    enum CodingKeys: String, CodingKey {
        case inputs, entries, payees, statements, files, revisions, signal, outbox, pdf, threads
        case rowsRead = "rows_read"
        case importCheckpoint = "import_checkpoint"
        case rowsRejected = "rows_rejected"
        case timingsSeconds = "timings_seconds"
        case cpuSeconds = "cpu_seconds"
        case waitsSeconds = "waits_seconds"
        case processCPUSeconds = "process_cpu_seconds"
        case peakMemoryKiB = "peak_memory_kib"
        case exitStatus = "exit_status"
        case payeesRendered = "payees_rendered"
        case payeesReused = "payees_reused"
    }

    private var clock = ContinuousClock.now

    /// Records the time since the previous stage ended under `stage`.
    mutating func finishStage(_ stage: String) {
        let now = ContinuousClock.now
        timingsSeconds[stage] = RunReport.seconds(clock.duration(to: now))
        clock = now
        Interruption.shared.checkpoint(self)
    }

    /// Adds CPU seconds of some kinds of work to ``cpuSeconds``.
    mutating func addCPUSeconds(_ times: [String: Duration]) {
        cpuSeconds = (cpuSeconds ?? [:]).merging(times.mapValues(RunReport.seconds)) { $1 }
    }

    /// A duration in seconds, rounded to the millisecond (half away from zero) in integer arithmetic:
    /// 2.5 s is `2.5`, 1 min 999.5 ms is `60.0`.
    static func seconds(_ time: timeval) -> Double {
        seconds(.seconds(Int64(time.tv_sec)) + .microseconds(Int64(time.tv_usec)))
    }

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
    /// `ledgerpress: internal error: ...`. A signal that ends the run writes the report instead (``Interruption``).
    ///
    /// > Note: when the report itself cannot be written after a failure, its message is printed and the run
    /// > keeps the failure's own exit status; after a success (the output is published) it is a warning, and the
    /// > run exits 0.
    static func recording(to path: String?, _ work: (inout RunReport) throws -> Void) throws {
        var report = RunReport()
        do {
            try TestHooks.internalErrorIfAsked()
            try work(&report)
        } catch {
            let (status, thrown) = RunReport.outcome(of: error)
            report.exitStatus = status
            Interruption.shared.end()
            try? report.write(to: path)
            throw thrown
        }
        Interruption.shared.end()
        report.writeAfterSuccess(to: path)
    }

    /// The exit status a failure ends the run with, and the error to hand on to ArgumentParser.
    static func outcome(of error: Error) -> (status: Int32, error: Error) {
        switch error {
        case let code as ExitCode:
            return (code.rawValue, code)
        case is ValidationError:
            return (Exit.usage.rawValue, error)
        case is CleanExit:
            return (0, error)
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

    /// Writes the report to the path (`-`: standard output), replacing it in one step; nothing when there is
    /// no path. A failure exits 73 with the system's reason (`No such file or directory`, `Is a directory`).
    func write(to path: String?) throws {
        guard let path, let code = written(to: path) else { return }
        Console().error(["\(path): error: cannot write the report: \(String(cString: strerror(code)))"])
        throw Exit.cannotCreate
    }

    /// Writes the report to `path` (`-`: standard output); the `errno` of a failure, nil on success.
    func written(to path: String) -> Int32? {
        if path == "-" {
            FileHandle.standardOutput.write(json())
            return nil
        }
        do {
            // Readers see the old report or the new one, never half of one (`Engine.replaceFile(_:bytes:)`).
            try Engine.replaceFile(path, bytes: json())
            return nil
        } catch {
            return error.code
        }
    }

    func json() -> Data {
        var copy = self
        var usage = rusage()
        if getrusage(RUSAGE_SELF.rawValue, &usage) == 0 {
            copy.peakMemoryKiB = Int(usage.ru_maxrss)
            copy.processCPUSeconds = [
                "user": RunReport.seconds(usage.ru_utime), "system": RunReport.seconds(usage.ru_stime),
            ]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        var data = (try? encoder.encode(copy)) ?? Data("{}".utf8)
        data.append(10)
        return data
    }
}
