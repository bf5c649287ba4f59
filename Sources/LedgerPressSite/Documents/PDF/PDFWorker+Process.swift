import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One WeasyPrint worker process of a ``PDFEngine``: its pipes and the framing of ``WeasyPrintWorker``'s jobs.
/// Used by one thread at a time (the engine's lock around it).
final class PDFWorker: PDFPrinter {
    private let process = Process()
    private let input: FileHandle
    private let output: FileHandle
    private let log: URL
    private var buffer: [UInt8] = []

    init(python: String, root: URL, number: Int, environment: [String: String]) throws {
        let toWorker = Pipe()
        let fromWorker = Pipe()
        log = root.appendingPathComponent("worker-\(number).log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", WeasyPrintWorker.program, root.path]
        process.environment = environment
        process.standardInput = toWorker
        process.standardOutput = fromWorker
        process.standardError = try FileHandle(forWritingTo: log)
        process.currentDirectoryURL = root
        input = toWorker.fileHandleForWriting
        output = fromWorker.fileHandleForReading
        // A worker that dies makes the next write fail with EPIPE instead of killing the build.
        signal(SIGPIPE, SIG_IGN)
        do {
            try process.run()
        } catch {
            throw PDFEngine.Failure(description: "cannot start \(python): \(error)")
        }
    }

    var worn: Bool { false }

    func stop() {
        try? input.close()
        process.waitUntilExit()
    }

    /// The PDF of `job`; throws ``PDFEngine/Failure`` with the engine's message when it cannot print it.
    func print(_ job: PDFEngine.Job) throws -> Data {
        let base = root(of: job).absoluteString
        let header =
            [
                base, job.created, job.attachment.name, job.attachment.description, String(job.page.count),
                String(job.attachment.bytes.count),
            ]
            .joined(separator: "\t") + "\n"
        do {
            try input.write(contentsOf: Data(header.utf8) + job.page + job.attachment.bytes)
        } catch {
            throw failure(job, "the worker stopped (\(error))")
        }
        guard let line = try readLine(), line.hasPrefix("OK ") || line.hasPrefix("ERR "),
            let length = Int(line.split(separator: " ")[1])
        else { throw failure(job, "the worker stopped") }
        let bytes = try read(length)
        guard line.hasPrefix("OK ") else { throw failure(job, String(decoding: bytes, as: UTF8.self)) }
        return bytes
    }

    /// The page's address inside the worker's folder, where `../style.css` is the stylesheet.
    private func root(of job: PDFEngine.Job) -> URL {
        log.deletingLastPathComponent().appendingPathComponent("payees/statement/\(job.label).html")
    }

    private func failure(_ job: PDFEngine.Job, _ why: String) -> PDFEngine.Failure {
        let messages = (try? String(contentsOf: log, encoding: .utf8)).map { $0.suffix(600) } ?? ""
        return PDFEngine.Failure(
            description: why
                + (messages.isEmpty ? "" : "\n" + messages))
    }

    private func fill(_ count: Int) throws {
        while buffer.count < count {
            let chunk = output.availableData
            guard !chunk.isEmpty else {
                throw PDFEngine.Failure(description: "the worker stopped")
            }
            buffer += chunk
        }
    }

    private func readLine() throws -> String? {
        while true {
            if let end = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<end], as: UTF8.self)
                buffer.removeSubrange(...end)
                return line
            }
            let chunk = output.availableData
            guard !chunk.isEmpty else { return nil }
            buffer += chunk
        }
    }

    private func read(_ count: Int) throws -> Data {
        try fill(count)
        let bytes = Data(buffer[..<count])
        buffer.removeSubrange(..<count)
        return bytes
    }

    /// The first of `names` found as an executable on `path`.
    static func executable(_ names: [String], path: String) -> String? {
        for name in names {
            for folder in path.split(separator: ":")
            where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
                return "\(folder)/\(name)"
            }
        }
        return nil
    }

    /// The interpreter of the `weasyprint` script on `path` (its `#!` line): the Python that imports WeasyPrint.
    static func interpreter(path: String) -> String? {
        for folder in path.split(separator: ":") {
            let script = "\(folder)/weasyprint"
            guard FileManager.default.isExecutableFile(atPath: script),
                let handle = FileHandle(forReadingAtPath: script),
                let head = try? handle.read(upToCount: 256)
            else { continue }
            try? handle.close()
            let line = String(decoding: head.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
            guard line.hasPrefix("#!") else { continue }
            let words = line.dropFirst(2).split(separator: " ").map(String.init)
            guard let first = words.first else { continue }
            // `#!/usr/bin/env python3`: the Python found on PATH.
            if first.hasSuffix("/env"), let name = words.dropFirst().first {
                return path.split(separator: ":").map { "\($0)/\(name)" }.first {
                    FileManager.default.isExecutableFile(atPath: $0)
                }
            }
            return FileManager.default.isExecutableFile(atPath: first) ? first : nil
        }
        return nil
    }

    /// A new temporary folder for the workers.
    static func makeRoot() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ledgerpress-pdf-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("payees/statement"), withIntermediateDirectories: true)
        return root
    }

    /// The stylesheet where the pages look for it (`payees/style.css`, as in the site).
    static func writeStylesheet(_ text: String, root: URL) throws {
        try Data(text.utf8).write(to: root.appendingPathComponent("payees/style.css"), options: .atomic)
    }
}
