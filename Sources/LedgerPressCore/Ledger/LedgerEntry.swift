/// Driver or merchant: decides what a statement shows (drivers see their take only).
public enum PayeeType: String, Sendable, CaseIterable, Comparable {
    case driver, merchant

    public static func < (a: PayeeType, b: PayeeType) -> Bool { a.rawValue < b.rawValue }
}

/// The kind of a ledger entry. Signs are from the payee's point of view.
public enum EntryKind: String, Sendable, CaseIterable {
    case earning, tip, fee, adjustment, refund, payout
}

/// The status of a payout.
public enum PayoutStatus: String, Sendable, CaseIterable {
    case pending, processing, paid, failed
}

/// One ledger entry in the native model every importer produces.
public struct LedgerEntry: Sendable, Equatable {
    public var id: String
    public var occurredAt: Timestamp
    public var payeeID: String
    public var payeeType: PayeeType
    public var payeeName: String?
    public var kind: EntryKind
    public var amount: Money
    public var reference: String?
    public var description: String?
    public var payoutID: String?
    public var payoutStatus: PayoutStatus?
    /// Where the entry was read (for messages about it).
    public var source: SourceLocation
    /// Read from a payouts report: it reports a payout's status and never conflicts with the
    /// balance report's copy of the same entry (whose other fields win).
    public var isStatusReport = false

    public init(
        id: String, occurredAt: Timestamp, payeeID: String, payeeType: PayeeType, payeeName: String? = nil,
        kind: EntryKind, amount: Money, reference: String? = nil, description: String? = nil,
        payoutID: String? = nil, payoutStatus: PayoutStatus? = nil, source: SourceLocation
    ) {
        self.id = id
        self.occurredAt = occurredAt
        self.payeeID = payeeID
        self.payeeType = payeeType
        self.payeeName = payeeName
        self.kind = kind
        self.amount = amount
        self.reference = reference
        self.description = description
        self.payoutID = payoutID
        self.payoutStatus = payoutStatus
        self.source = source
    }
}

/// A payee's settings from the payees file (or the run's defaults).
public struct PayeeProfile: Sendable, Equatable {
    public var id: String
    public var type: PayeeType?
    public var name: String?
    public var email: String?
    public var timeZone: String
    public var locale: String
    /// Where the profile was read (nil for run defaults).
    public var source: SourceLocation?

    public init(
        id: String, type: PayeeType? = nil, name: String? = nil, email: String? = nil, timeZone: String, locale: String,
        source: SourceLocation? = nil
    ) {
        self.source = source
        self.id = id
        self.type = type
        self.name = name
        self.email = email
        self.timeZone = timeZone
        self.locale = locale
    }
}
