import LedgerPressCore

/// What an input's entries were, for its summary line: payees, currencies, first and last instant.
public struct EntryFacts: Sendable, Equatable {
    public private(set) var payees: Set<String> = []
    /// Upper-case codes.
    public private(set) var currencies: Set<String> = []
    /// The earliest and the latest instant (the first one read of equal instants).
    public private(set) var first: Timestamp?
    public private(set) var last: Timestamp?

    public init() {}

    /// Counts one more entry.
    public mutating func add(_ entry: LedgerEntry) {
        payees.insert(entry.payeeID)
        currencies.insert(entry.amount.currency.code)
        if first.map({ entry.occurredAt < $0 }) ?? true { first = entry.occurredAt }
        if last.map({ $0 < entry.occurredAt }) ?? true { last = entry.occurredAt }
    }
}
