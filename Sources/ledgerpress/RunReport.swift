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
        let elapsed = clock.duration(to: now).components
        timingsSeconds[stage] = (Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18 * 1000).rounded() / 1000
        clock = now
    }

    /// Runs the command's work and writes its report (when asked for), whatever the exit status.
    static func recording(to path: String?, _ work: (inout RunReport) throws -> Void) throws {
        var report = RunReport()
        do {
            try work(&report)
        } catch let code as ExitCode {
            report.exitStatus = code.rawValue
            try report.write(to: path)
            throw code
        }
        try report.write(to: path)
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
