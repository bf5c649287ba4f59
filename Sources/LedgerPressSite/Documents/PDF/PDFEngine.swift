import Foundation
import LedgerPressCore
import LedgerPressPDF
import LedgerPressPublish
import Synchronization

/// The PDF engine of a build: ledgerpress's own writer (``NativePDFWriter``, the default: tagged PDF/A-3b drawn from
/// the render model on the render threads themselves), or a pool of printers, one per core, each a long-lived
/// headless Chromium (``ChromiumPrinter``) fed many documents, which prints the site's own HTML. A statement's ``StatementPDFDocument`` hands its page to the
/// pool from the render thread it is on and waits for the bytes; printers start when first needed and end with
/// ``close()`` (or when the engine is released). BENCHMARKS.md has the measurements behind the default.
///
/// > Note: Printing never reaches the network: Chromium gets the page with its stylesheet inlined and every
/// > request blocked; the native writer reads nothing but its fonts and colour profile.
public final class PDFEngine: Sendable {
    /// Which program prints (`--pdf-engine`).
    public enum Kind: String, CaseIterable, Sendable {
        case native, chromium

        /// What the engine is called in messages.
        public var name: String {
            switch self {
            case .native: "the native PDF writer"
            case .chromium: "Chromium"
            }
        }

        /// The programs looked for on PATH, in order (none for the native writer).
        var programs: [String] {
            switch self {
            case .native: []
            case .chromium: ["chromium", "chromium-browser"]
            }
        }

        /// Printers per core that keep the cores busy: a Chromium spends about half of each document waiting on
        /// its own processes (BENCHMARKS.md); the native writer runs on the render thread itself.
        public var printersPerCore: Int {
            switch self {
            case .native: 1
            case .chromium: 2
            }
        }

        /// How to install it.
        public var installHint: String {
            switch self {
            case .native:
                "install Debian's fonts-dejavu-core, fonts-droid-fallback, fonts-symbola and icc-profiles-free: `make deps`"
            case .chromium: "install Debian's \(programs[0]): `make deps` or `sudo apt-get install -y \(programs[0])`"
            }
        }
    }

    /// `--pdf` was asked for and the engine is not installed.
    public struct Missing: Error, CustomStringConvertible {
        public var kind: Kind
        /// What is missing, when it is not a program on PATH (a font of the native writer).
        var what: String?
        public init(_ kind: Kind, what: String? = nil) {
            self.kind = kind
            self.what = what
        }
        public var description: String {
            if let what { return what }
            return
                "\(kind.name) (the PDF engine) was not found on PATH (`\(kind.programs.joined(separator: "` or `"))`); "
                + kind.installHint
        }
    }

    /// A printer failed or could not start: the document, and why.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        /// The engine could not be started at all (it is not a working Chromium, or a font of the native writer is missing: exit 69), rather
        /// than failing, crashing or running out of time on one document (74).
        public var unusable = false
    }

    /// How long a printer may take over one document before it is killed (with everything it started).
    public static let defaultTimeout: Double = 60

    /// A file attached to a PDF.
    struct Attachment {
        var name: String
        var bytes: Data
        /// Its MIME type (`text/csv`).
        var type: String
        var description: String
    }

    /// One document to print.
    struct Job {
        var label: String
        var page: Data
        /// The file attached to the PDF (the statement's CSV).
        var attachment: Attachment
        /// The PDF's creation date, W3C form (`2026-10-31T23:59:59Z`).
        var created: String
        var stylesheet: String
        /// An income letter's PDF, not a statement's (counted apart).
        var letter = false
        /// The payee's id, for messages; nil when not known.
        var payee: String? = nil

        /// The PDF in messages: `2026-10.pdf of payee drv_ann`.
        var document: String { label + ".pdf" + (payee.map { " of payee \(SitePath.quoted($0))" } ?? "") }
    }

    public let kind: Kind
    /// The program that prints: the browser (empty for the native writer).
    let program: String
    /// The native writer, with its fonts loaded once for the build.
    let writer: NativePDFWriter?
    let root: URL
    /// The workers' environment (the host's, by default).
    let environment: [String: String]
    private let workers: [Slot]
    /// The slots no thread is printing with, and how many there are (a thread waits only when every printer is busy).
    /// The printers no thread is using, which a thread waits on when there is none.
    private let idle: Monitor<[Int]>
    private let stylesheet = Mutex<String?>(nil)
    private let tally = Mutex<(documents: Int, letters: Int, nanoseconds: UInt64)>((0, 0, 0))

    /// Seconds a printer has for one document (``defaultTimeout``).
    let timeout: Double

    /// A pool of `size` printers (at least one) of `kind`, each given `timeout` seconds per document. Throws
    /// ``Missing`` when its program is not on `PATH`.
    public init(
        kind: Kind = .native, size: Int, environment: [String: String] = ProcessInfo.processInfo.environment,
        timeout: Double = PDFEngine.defaultTimeout
    ) throws {
        self.timeout = timeout
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        let found: String?
        switch kind {
        case .native:
            found = ""
            do {
                writer = try NativePDFWriter()
            } catch {
                throw Missing(kind, what: "\(error)")
            }
        case .chromium:
            found = PDFWorker.executable(kind.programs, path: path)
            writer = nil
        }
        guard let found else { throw Missing(kind) }
        self.kind = kind
        program = found
        self.environment = environment
        root = try PDFWorker.makeRoot()
        workers = (0..<max(1, size)).map { _ in Slot() }
        idle = Monitor(Array(workers.indices.reversed()))
    }

    deinit { close() }

    /// One printer's place in the pool: the printer, started when first needed, used by one thread at a time.
    private final class Slot: Sendable {
        let printer = Mutex<(any PDFPrinter)?>(nil)
    }

    /// Statement PDFs and letter PDFs printed so far, and the time spent waiting for all of them (summed over the
    /// threads that waited).
    public var printed: (documents: Int, letters: Int, seconds: Double) {
        tally.withLock { ($0.documents, $0.letters, Double($0.nanoseconds) / 1e9) }
    }

    /// The native PDF of `document` (`letter`: an income letter's, counted apart), written on the calling thread.
    func write(_ document: PrintDocument, letter: Bool = false, name: String) throws -> Data {
        guard let writer else { throw Failure(description: "\(kind.name) cannot write \(name) natively") }
        let started = DispatchTime.now().uptimeNanoseconds
        let bytes: [UInt8]
        do {
            bytes = try writer.render(document)
        } catch {
            throw Failure(description: "the native PDF writer failed on \(name): \(error)")
        }
        let elapsed = DispatchTime.now().uptimeNanoseconds - started
        tally.withLock {
            if letter { $0.letters += 1 } else { $0.documents += 1 }
            $0.nanoseconds += elapsed
        }
        return Data(bytes)
    }

    /// Ends every worker and removes the temporary folder; a later job starts workers again.
    public func close() {
        for slot in workers {
            slot.printer.withLock {
                $0?.stop(); $0 = nil
            }
        }
        stylesheet.withLock { $0 = nil }
        ScratchFolder.remove(root.path)
        RunChildren.removed(folder: root.path)
    }

    /// The PDF of `job`, printed by an idle printer (each printer prints one job at a time).
    func render(_ job: Job) throws -> Data {
        let started = DispatchTime.now().uptimeNanoseconds
        let index = idle.wait(until: { !$0.isEmpty }, then: { $0.removeLast() })
        defer { idle.withLock { $0.append(index) } }
        let pdf = try workers[index].printer.withLock { printer in
            let current = try printer ?? start(number: index)
            printer = current
            do {
                let pdf = try current.print(job)
                if current.worn {
                    current.stop()
                    printer = nil
                }
                return pdf
            } catch {
                current.stop()
                printer = nil
                throw Failure(
                    description: "\(kind.name) failed on \(job.document) and was stopped: \(error)")
            }
        }
        let elapsed = DispatchTime.now().uptimeNanoseconds - started
        tally.withLock {
            if job.letter { $0.letters += 1 } else { $0.documents += 1 }
            $0.nanoseconds += elapsed
        }
        return pdf
    }
}

/// One long-lived printing process of a ``PDFEngine``, used by one thread at a time.
protocol PDFPrinter: AnyObject {
    /// The PDF of `job`.
    func print(_ job: PDFEngine.Job) throws -> Data
    /// Whether it should be replaced by a fresh one before the next job.
    var worn: Bool { get }
    func stop()
}

extension PDFEngine {
    private func start(number: Int) throws -> any PDFPrinter {
        let log = root.appendingPathComponent("printer-\(number).log")
        do {
            switch kind {
            case .chromium:
                return try ChromiumPrinter(binary: program, log: log, environment: environment, timeout: timeout)
            case .native:
                throw Failure(description: "the native writer has no printer process", unusable: true)
            }
        } catch {
            let messages = (try? String(contentsOf: log, encoding: .utf8)).map { "\n" + $0.suffix(600) } ?? ""
            throw Failure(
                description:
                    "\(kind.name) (\(program)) could not be started as the PDF engine: \(error); "
                    + "check that it is a working \(kind.name) (\(kind.installHint))\(messages)",
                unusable: true)
        }
    }
}
