import LedgerPressCore
import LedgerPressSite

extension BuildOptions {
    /// `--pdf KINDS --pdf-engine KIND`: starts the PDF engine (a printer per core times the engine's own factor,
    /// each with `timeout` seconds per document) and prints the statements of `kinds` as PDFs beside their pages.
    /// As many render threads as printers keep them all busy. An engine that is not installed stops with 69.
    /// The caller closes the engine when the run is over.
    public mutating func printPDFs(of kinds: Set<PeriodKind>, engine kind: PDFEngine.Kind, timeout: Double) throws
        -> PDFEngine
    {
        do {
            let printers = kind.printersPerCore * SystemCPUs.available
            let created = try PDFEngine(kind: kind, size: printers, timeout: timeout)
            // A render thread waits while its statement prints: as many threads as printers keep them all busy.
            workers = max(workers, printers)
            documents = .standard(plus: [StatementPDFDocument(kinds: kinds, engine: created)])
            return created
        } catch let missing as PDFEngine.Missing {
            throw BuildStop(.unavailable, ["ledgerpress: error: --pdf: \(missing)"])
        }
    }

    /// The staging writer's threads: `writers` when set, else as many as suit the render workers.
    public var writerThreads: Int { writers ?? SitePipeline.writerLanes(workers: workers) }
}
