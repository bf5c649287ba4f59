import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs programs for the end-to-end tests without Foundation's `FileHandle` reads, which trap (`try!`) when a
/// read of a pipe is interrupted by a signal (EINTR), as happened under load with several test processes.
enum ChildProcess {
    struct Result {
        var status: Int32
        var stdout: Data
        var stderr: Data
    }

    /// Runs `executable` to its end with standard output and error written to files (no pipe to drain, so no
    /// deadlock on a large standard error either), then reads them.
    static func run(
        _ executable: URL, _ arguments: [String], directory: URL? = nil, environment: [String: String]? = nil,
        stderrToStdout: Bool = false
    ) throws -> Result {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ledgerpress-child-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        defer {
            try? out.close()
            try? err.close()
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if let environment { process.environment = environment }
        process.standardOutput = out
        process.standardError = stderrToStdout ? out : err
        try process.run()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: try Data(contentsOf: outURL),
            stderr: try Data(contentsOf: errURL))
    }

    /// Reads `descriptor` to its end, retrying reads a signal interrupted.
    static func readAll(_ descriptor: Int32) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                data.append(contentsOf: buffer[0..<count])
            } else if count == 0 || errno != EINTR {
                return data
            }
        }
    }

    /// One byte from `descriptor`, or nil at its end, retrying reads a signal interrupted.
    static func readByte(_ descriptor: Int32) -> UInt8? {
        var byte: UInt8 = 0
        while true {
            let count = read(descriptor, &byte, 1)
            if count == 1 { return byte }
            if count == 0 || errno != EINTR { return nil }
        }
    }
}
