import Foundation
import Synchronization

/// The PDF engine of a build: a pool of WeasyPrint worker processes (Debian's `weasyprint`), one per core, each
/// fed many documents (``WeasyPrintWorker``). A statement's ``StatementPDFDocument`` hands its page to the pool
/// from the render thread it is on and waits for the bytes; workers start when first needed and end with
/// ``close()`` (or when the engine is released).
///
/// > Note: The workers read only the files of their own temporary folder (the stylesheet); every other URL a page
/// > names is refused, so rendering never reaches the network.
public final class PDFEngine: Sendable {
    /// What the engine is called in messages.
    public static let name = "WeasyPrint"
    /// How to install it.
    public static let installHint = "install Debian's weasyprint: `make deps` or `sudo apt-get install -y weasyprint`"

    /// `--pdf` was asked for and the engine is not installed.
    public struct Missing: Error, CustomStringConvertible {
        public init() {}
        public var description: String {
            "\(PDFEngine.name) (the PDF engine) was not found on PATH (`weasyprint`); \(PDFEngine.installHint)"
        }
    }

    /// A worker failed or could not start: the document, and why.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// One document to print.
    struct Job {
        var label: String
        var page: Data
        var csv: Data
        /// The PDF's creation date, W3C form (`2026-10-31T23:59:59Z`).
        var created: String
        var stylesheet: String
    }

    let python: String
    let root: URL
    /// The workers' environment (the host's, by default).
    let environment: [String: String]
    private let workers: [Slot]
    private let next = Atomic<Int>(0)
    private let stylesheet = Mutex<String?>(nil)
    private let tally = Mutex<(documents: Int, nanoseconds: UInt64)>((0, 0))

    /// A pool of `size` workers (at least one). Throws ``Missing`` when `weasyprint` is not on `PATH`.
    public init(size: Int, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        guard let python = PDFWorker.interpreter(path: environment["PATH"] ?? "/usr/bin:/bin") else { throw Missing() }
        self.python = python
        self.environment = environment
        root = try PDFWorker.makeRoot()
        workers = (0..<max(1, size)).map { _ in Slot() }
    }

    deinit { close() }

    /// One worker's place in the pool: the worker, started when first needed, used by one thread at a time.
    private final class Slot: Sendable {
        let worker = Mutex<PDFWorker?>(nil)
    }

    /// PDFs printed so far and the time spent waiting for them (summed over the threads that waited).
    public var printed: (documents: Int, seconds: Double) {
        tally.withLock { ($0.documents, Double($0.nanoseconds) / 1e9) }
    }

    /// Ends every worker and removes the temporary folder; a later job starts workers again.
    public func close() {
        for slot in workers {
            slot.worker.withLock {
                $0?.stop(); $0 = nil
            }
        }
        stylesheet.withLock { $0 = nil }
        try? FileManager.default.removeItem(at: root)
    }

    /// The PDF of `job`, printed by the next worker in turn (each worker prints one job at a time).
    func render(_ job: Job) throws -> Data {
        try stylesheet.withLock { written in
            if written != job.stylesheet {
                try PDFWorker.writeStylesheet(job.stylesheet, root: root)
                written = job.stylesheet
            }
        }
        let started = DispatchTime.now().uptimeNanoseconds
        let index = next.add(1, ordering: .relaxed).oldValue % workers.count
        let pdf = try workers[index].worker.withLock { worker in
            let current = try worker ?? PDFWorker(python: python, root: root, number: index, environment: environment)
            worker = current
            do {
                return try current.print(job)
            } catch {
                current.stop()
                worker = nil
                throw error
            }
        }
        let elapsed = DispatchTime.now().uptimeNanoseconds - started
        tally.withLock {
            $0.documents += 1
            $0.nanoseconds += elapsed
        }
        return pdf
    }
}
