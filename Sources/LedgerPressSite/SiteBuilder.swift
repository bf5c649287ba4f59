import Foundation
import LedgerPressCore
import LedgerPressRender

/// Builds the whole site in memory: payees in parallel (they are independent), then the finance files.
public struct SiteBuilder {
    public var templates: TemplateSet
    public var options: SiteOptions

    public init(templates: TemplateSet, options: SiteOptions) {
        self.templates = templates
        self.options = options
    }

    public struct Site: Sendable {
        /// Every file, sorted by path.
        public var files: [OutputFile]
        public var statementCount: Int
        public var payeeCount: Int
        /// Statements per period kind (`day`, `week`, `month`, `range`).
        public var statementsByKind: [String: Int]
        /// Statements this run revised.
        public var revisions: Int
    }

    /// `progress(done, total)` is called from worker threads as payees finish.
    public func build(
        payees: [(Payee, [LedgerEntry])], ledger: Ledger, inputs: [InputSummary], history: StatementHistory = StatementHistory(),
        shard: (Shard, ShardRecord.LedgerFacts)? = nil, progress: (@Sendable (Int, Int) -> Void)? = nil
    ) throws -> Site {
        let formats = MoneyFormats()
        let builder = StatementBuilder(selection: options.selection)
        let results = ResultSlots<PayeePages>(count: payees.count)
        let templates = self.templates
        let options = self.options
        DispatchQueue.concurrentPerform(iterations: payees.count) { index in
            let (payee, entries) = payees[index]
            results.set(index) {
                let book = try SiteBuilder.book(for: payee, entries: entries, builder: builder)
                return try PayeePages(book: book, templates: templates, options: options, formats: formats, history: history)
            }
            if let progress { progress(results.finished(), payees.count) }
        }
        let pages = try results.values()
        var files = pages.flatMap(\.files)
        let summary = try FinanceSummary.checked(rows: pages.map { try $0.financeRow() }, books: pages.map(\.book), ledger: ledger)
        let finance = try FinancePages(pages: pages, summary: summary, options: options, templates: templates, formats: formats)
        files += finance.files
        files.append(OutputFile(path: "assets/style.css", text: templates.stylesheet))
        if let (shard, facts) = shard { files.append(try ShardRecord(shard: shard, ledger: facts, finance: summary).file()) }
        files = try Manifest.publishing(
            files, inputs: inputs, totals: finance.controlTotals, options: Manifest.Options(options, templates: templates),
            statements: pages.flatMap(\.records), payeeSlugs: Set(pages.map(\.slug)))
        return Site(
            files: files, statementCount: pages.reduce(0) { $0 + $1.book.statements.count }, payeeCount: pages.count,
            statementsByKind: SiteBuilder.statementsByKind(pages.map(\.book)), revisions: pages.reduce(0) { $0 + $1.revisions.count })
    }
}

/// Results of parallel work, one slot per index, filled from any thread.
final class ResultSlots<T>: @unchecked Sendable {
    /// A bug: parallel work ended without a result for one of its slots.
    struct Unfilled: Error, CustomStringConvertible {
        var index: Int
        var description: String { "parallel work ended without a result for slot \(index)" }
    }

    private var slots: [Result<T, Error>?]
    private var filled = 0
    private let lock = NSLock()

    /// How many slots are filled.
    func finished() -> Int {
        lock.lock()
        defer { lock.unlock() }
        return filled
    }

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ work: () throws -> T) {
        let result = Result { try work() }
        lock.lock()
        slots[index] = result
        filled += 1
        lock.unlock()
    }

    /// All values in index order, or the first error by index (`Unfilled` for a slot never set).
    func values() throws -> [T] {
        try slots.enumerated().map { index, slot in
            guard let slot else { throw Unfilled(index: index) }
            return try slot.get()
        }
    }
}
