import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One WeasyPrint worker process of a ``PDFEngine``: its pipes and the framing of ``WeasyPrintWorker``'s jobs.
/// Used by one thread at a time (the engine's lock around it). Like a Chromium, it runs in a process group of its
/// own (``PrinterProcess``) and has `timeout` seconds for each document, after which it is killed.
final class PDFWorker: PDFPrinter {
    private let process: PrinterProcess
    private let input: Int32
    private let output: Int32
    private let log: URL
    private let timeout: Double
    private var buffer: [UInt8] = []
    private var stopped = false

    init(python: String, root: URL, number: Int, environment: [String: String], timeout: Double) throws {
        self.timeout = timeout
        log = root.appendingPathComponent("worker-\(number).log")
        do {
            (process, input, output) = try PrinterProcess.startPiped(
                binary: python, arguments: ["-c", WeasyPrintWorker.program, root.path], environment: environment,
                log: log,
                descriptors: { reads, writes, log -> [(Int32, Int32)] in [(reads, 0), (writes, 1), (log, 2)] })
        } catch {
            throw PDFEngine.Failure(description: "\(error)")
        }
    }

    deinit { stop() }

    var worn: Bool { false }

    func stop() {
        guard !stopped else { return }
        stopped = true
        process.stop()
        close(input)
        close(output)
    }

    /// The PDF of `job`; throws ``PDFEngine/Failure`` with the engine's message when it cannot print it.
    func print(_ job: PDFEngine.Job) throws -> Data {
        let deadline = PrinterProcess.deadline(in: timeout)
        let base = root(of: job).absoluteString
        let header =
            [
                base, job.created, job.attachment.name, job.attachment.description, String(job.page.count),
                String(job.attachment.bytes.count),
            ]
            .joined(separator: "\t") + "\n"
        do {
            try PrinterProcess.write(
                Array(header.utf8) + Array(job.page) + Array(job.attachment.bytes), to: input, deadline: deadline)
            guard let line = try readLine(deadline: deadline), line.hasPrefix("OK ") || line.hasPrefix("ERR "),
                let length = Int(line.split(separator: " ")[1])
            else { throw failure(job, "the worker stopped") }
            let bytes = try read(length, deadline: deadline)
            guard line.hasPrefix("OK ") else { throw failure(job, String(decoding: bytes, as: UTF8.self)) }
            return bytes
        } catch let wait as PrinterProcess.Wait {
            switch wait {
            case .timedOut: throw failure(job, "no answer within \(Int(timeout)) s")
            case .failed(let reason): throw failure(job, "the worker stopped (\(reason))")
            }
        }
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

    private func fill(_ count: Int, deadline: UInt64) throws -> Bool {
        while buffer.count < count {
            let chunk = try PrinterProcess.read(output, deadline: deadline)
            guard !chunk.isEmpty else { return false }
            buffer += chunk
        }
        return true
    }

    private func readLine(deadline: UInt64) throws -> String? {
        while true {
            if let end = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<end], as: UTF8.self)
                buffer.removeSubrange(...end)
                return line
            }
            let chunk = try PrinterProcess.read(output, deadline: deadline)
            guard !chunk.isEmpty else { return nil }
            buffer += chunk
        }
    }

    private func read(_ count: Int, deadline: UInt64) throws -> Data {
        guard try fill(count, deadline: deadline) else { throw PrinterProcess.Wait.failed("its output ended") }
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

    /// The temporary folders of the PDF engines: `ledgerpress-pdf-<pid>-<uuid>`.
    static let rootPrefix = "ledgerpress-pdf-"

    /// A new temporary folder for the workers (registered with ``RunChildren``, so that a signal's ending removes
    /// it too), after removing those left by runs whose process is gone (a SIGKILL cannot be caught).
    static func makeRoot() throws -> URL {
        let temporary = FileManager.default.temporaryDirectory
        sweepStaleRoots(in: temporary)
        let root = temporary.appendingPathComponent(
            "\(rootPrefix)\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        RunChildren.made(folder: root.path)
        do {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent("payees/statement"), withIntermediateDirectories: true)
        } catch {
            try? FileManager.default.removeItem(at: root)
            RunChildren.removed(folder: root.path)
            throw error
        }
        return root
    }

    /// Removes the engines' folders in `folder` whose process no longer exists (a folder of another user, or of
    /// a process still running, is left alone).
    static func sweepStaleRoots(in folder: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name.hasPrefix(rootPrefix) {
            let rest = name.dropFirst(rootPrefix.count)
            guard let dash = rest.firstIndex(of: "-"), let pid = pid_t(rest[..<dash]), pid > 0 else { continue }
            let path = folder.appendingPathComponent(name).path
            var status = stat()
            guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR, status.st_uid == geteuid(),
                kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    /// The stylesheet where the pages look for it (`payees/style.css`, as in the site).
    static func writeStylesheet(_ text: String, root: URL) throws {
        try Data(text.utf8).write(to: root.appendingPathComponent("payees/style.css"), options: .atomic)
    }
}
