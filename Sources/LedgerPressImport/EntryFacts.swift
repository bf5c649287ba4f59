import LedgerPressCore

/// What an input's entries were, for its summary line: payees, currencies, first and last instant.
public struct EntryFacts: Sendable, Equatable, Codable {
    public private(set) var payees: Set<String> = []
    /// Upper-case codes.
    public private(set) var currencies: Set<String> = []
    /// The earliest and the latest instant (the first one read of equal instants).
    public private(set) var first: Timestamp?
    public private(set) var last: Timestamp?

    public init() {}

    /// The payee and currency added last (exports list a payee's rows together: most rows repeat them).
    private var lastPayee: String?
    private var lastCurrency: String?

    /// Counts one more entry.
    public mutating func add(_ entry: LedgerEntry) {
        add(payeeID: entry.payeeID, currency: entry.amount.currency.code, occurredAt: entry.occurredAt)
    }

    /// Counts one more entry of this payee, currency (upper-case code) and instant.
    mutating func add(payeeID: String, currency: String, occurredAt: Timestamp) {
        if payeeID != lastPayee {
            payees.insert(payeeID)
            lastPayee = payeeID
        }
        if currency != lastCurrency {
            currencies.insert(currency)
            lastCurrency = currency
        }
        if first.map({ occurredAt < $0 }) ?? true { first = occurredAt }
        if last.map({ $0 < occurredAt }) ?? true { last = occurredAt }
    }

    /// Counts the entries `later` counted, read after these (so the first of equal instants stays the first read).
    mutating func add(_ later: EntryFacts) {
        payees.formUnion(later.payees)
        currencies.formUnion(later.currencies)
        if let first = later.first, self.first.map({ first < $0 }) ?? true { self.first = first }
        if let last = later.last, self.last.map({ $0 < last }) ?? true { self.last = last }
        lastPayee = later.lastPayee ?? lastPayee
        lastCurrency = later.lastCurrency ?? lastCurrency
    }

    public static func == (a: EntryFacts, b: EntryFacts) -> Bool {
        a.payees == b.payees && a.currencies == b.currencies && a.first == b.first && a.last == b.last
    }
}
