/// Everything computed for one payee: the statements of every period asked for, and all-time figures.
public struct PayeeBook: Sendable, Equatable {
    public var payee: Payee
    /// Statements sorted by period, oldest first.
    public var statements: [Statement]
    /// All-time figures per currency (sorted by code), as of the payee's latest entry.
    public var allTime: [(currency: Currency, figures: Figures)]
    public var latestEntry: Timestamp
    public var latestEntryOffset: Int
    /// The business day of the latest entry (``BusinessCalendar``): its month is the home's "this month".
    public var latestDay: CivilDate
    /// The payouts of ``statements`` by status, for the home page.
    public var payoutSplit: PayoutSplit

    public static func == (a: PayeeBook, b: PayeeBook) -> Bool {
        a.payee == b.payee && a.statements == b.statements && a.latestEntry == b.latestEntry
            && a.latestDay == b.latestDay && a.payoutSplit == b.payoutSplit
            && a.allTime.map(\.currency) == b.allTime.map(\.currency)
            && a.allTime.map(\.figures) == b.allTime.map(\.figures)
    }
}
