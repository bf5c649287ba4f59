import Foundation
import LedgerPressCore

/// The computations `build` and `check` share: every data check of a build, without rendering a page.
extension StatementBooks {
    /// What a check found: the statements `build` would make, by period kind.
    public struct Checked: Sendable {
        public var statementCount: Int
        public var payeeCount: Int
        /// Statements per period kind (`day`, `week`, `month`, `range`).
        public var statementsByKind: [String: Int]
    }

    /// Runs every check `build` runs after import, and renders nothing: each payee's zone and statements
    /// (every total checked), the ledger's `figures` (``FinanceSummary/figures(of:)``) and the control totals. Throws ``SiteError`` on bad data.
    public static func check(
        payees: [(Payee, PayeeEntries)], figures: Result<[FinanceSummary.LedgerFigures], SiteError>,
        options: SiteOptions
    ) throws -> Checked {
        let builder = StatementBuilder(selection: options.selection)
        let results = ResultSlots<(PayeeBook, FinanceSummary.PayeeRow)>(count: payees.count)
        DispatchQueue.concurrentPerform(iterations: payees.count) { index in
            let (payee, entries) = payees[index]
            results.set(index) {
                let book = try StatementBooks.book(for: payee, entries: entries.load(), builder: builder)
                return (
                    book, try FinanceSummary.PayeeRow(book: book, slug: options.links.slug(for: payee.id), csvBytes: [])
                )
            }
        }
        let checked = try results.values()
        let books = checked.map(\.0)
        var counts: [Period: Int] = [:]
        for book in books { for statement in book.statements { counts[statement.period, default: 0] += 1 } }
        let summary = try FinanceSummary.checked(
            rows: checked.map(\.1), periodCounts: counts, ledger: figures)
        _ = try ControlTotals.checked(summary)
        return Checked(
            statementCount: books.reduce(0) { $0 + $1.statements.count }, payeeCount: books.count,
            statementsByKind: StatementBooks.statementsByKind(books))
    }

    /// One payee's book: their zone looked up and every statement built with checked totals.
    static func book(for payee: Payee, entries: [LedgerEntry], builder: StatementBuilder) throws(SiteError) -> PayeeBook
    {
        guard let zone = ZoneClock(identifier: payee.timeZone) else {
            throw .unknownTimeZone(payee: payee.id, zone: payee.timeZone)
        }
        let book: PayeeBook
        do throws(BookOverflow) {
            book = try builder.book(for: payee, entries: entries, zone: zone)
        } catch {
            throw .payeeOverflow(error)
        }
        return book
    }

    static func statementsByKind(_ books: [PayeeBook]) -> [String: Int] {
        var byKind: [String: Int] = [:]
        for book in books {
            for statement in book.statements { byKind[statement.period.kind.rawValue, default: 0] += 1 }
        }
        return byKind
    }
}
