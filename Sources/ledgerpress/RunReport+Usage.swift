import Foundation

/// The run report of a `build` or `merge` that never started because its command line was refused
/// (exit 64: an unknown option, a missing argument, or a `validate()` check such as `--timezone` or `--locale`).
///
/// The options could not be parsed, so `--report` is found in the raw arguments (`--report FILE` or
/// `--report=FILE`, the last one wins, nothing after `--`). Because the command line was not checked (the
/// checks that keep `--report` away from inputs and the output never ran), the report goes only to standard
/// output (`-`) or over a previous run report (a regular file holding a JSON object with an `exit_status`
/// key): so a monitor never reads a stale success, and a mistyped option never creates or overwrites any
/// other file. Otherwise a warning says it was not written, and the status stays 64.
extension RunReport {
    /// The commands that write a report.
    static let reportingCommands: Set<String> = ["build", "merge"]

    /// Writes the report of a refused command line, when the command is one that reports and `--report` was given.
    static func recordUsageError(arguments: [String]) {
        guard let path = reportPath(arguments: arguments) else { return }
        var report = RunReport()
        report.exitStatus = Exit.usage.rawValue
        guard path == "-" || isPreviousReport(path) else {
            Console().error([
                "\(path): warning: --report: not written after a usage error (it only replaces a previous run report)"
            ])
            return
        }
        try? report.write(to: path)
    }

    /// The `--report` value of a `build` or `merge` command line (`arguments[0]` is the program).
    static func reportPath(arguments: [String]) -> String? {
        guard arguments.count > 1, reportingCommands.contains(arguments[1]) else { return nil }
        var path: String?
        var index = 2
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" { break }
            if argument == "--report", index + 1 < arguments.count {
                path = arguments[index + 1]
                index += 1
            } else if argument.hasPrefix("--report=") {
                path = String(argument.dropFirst("--report=".count))
            }
            index += 1
        }
        return path.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// A regular file (not a link) holding a previous run report.
    static func isPreviousReport(_ path: String) -> Bool {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let data = FileManager.default.contents(atPath: path), data.count < 1 << 20,
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return false }
        return object["exit_status"] != nil
    }
}
