/// Everything computed for one payee: the statements of every period asked for, and all-time figures.
public struct PayeeBook: Sendable, Equatable {
    public var payee: Payee
    /// Statements sorted by period, oldest first.
    public var statements: [Statement]
    /// All-time figures per currency (sorted by code), as of the payee's latest entry.
    public var allTime: [(currency: Currency, figures: Figures)]
    public var latestEntry: Timestamp
    public var latestEntryOffset: Int

    public static func == (a: PayeeBook, b: PayeeBook) -> Bool {
        a.payee == b.payee && a.statements == b.statements && a.latestEntry == b.latestEntry
            && a.allTime.map(\.currency) == b.allTime.map(\.currency)
            && a.allTime.map(\.figures) == b.allTime.map(\.figures)
    }
}
