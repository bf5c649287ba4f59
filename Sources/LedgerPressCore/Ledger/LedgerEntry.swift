/// Driver or merchant: decides what a statement shows (drivers see their take only).
public enum PayeeType: String, Sendable, CaseIterable, Comparable {
    case driver, merchant

    public static func < (a: PayeeType, b: PayeeType) -> Bool { a.rawValue < b.rawValue }
}

/// The kind of a ledger entry. Signs are from the payee's point of view.
///
/// > Note: `tax` (issue 28) is sales tax collected for someone else (a tax authority) that the processor pays
/// > out with the sales: its own line and column, part of net activity and of the balance, never part of sales
/// > or of a driver's take. New kinds are appended, so stored kind numbers never change.
public enum EntryKind: String, Sendable, CaseIterable {
    case earning, tip, fee, adjustment, refund, payout, tax
    /// A balance brought forward into a ledger that starts mid-history (issue 50): one per payee and currency, at
    /// or before the payee's first entry in that currency; it counts in balances, never in activity.
    case openingBalance = "opening_balance"
}

/// The status of a payout.
public enum PayoutStatus: String, Sendable, CaseIterable {
    case pending, processing, paid, failed
}

/// One ledger entry in the native model every importer produces.
///
/// > Note: a value like any other (copies never see each other's changes), held in one shared,
/// > copy-on-write box: copying an entry (into a payee's list, a file's list, the ledger) costs one
/// > reference count, not one per text field, and a million entries are held once however many lists
/// > hold them.
public struct LedgerEntry: Sendable, Equatable {
    private var box: LedgerEntryBox

    /// An entry of these fields, its texts numbered in `texts`: the run's table, which whoever makes a run's
    /// entries passes (an importer, ``ImportSettings``' table); by default a small table of the entry's own (tests,
    /// tools: a ledger moves such an entry's texts into its own table when it joins).
    public init(
        id: String, occurredAt: Timestamp, payeeID: String, payeeType: PayeeType, payeeName: String? = nil,
        kind: EntryKind, amount: Money, reference: String? = nil, description: String? = nil,
        payoutID: String? = nil, payoutStatus: PayoutStatus? = nil, payoutArrival: CivilDate? = nil,
        distance: Distance? = nil, source: SourceLocation, texts: EntryTexts = EntryTexts()
    ) {
        box = LedgerEntryBox(
            id: id, occurredAt: occurredAt, payeeID: payeeID, payeeType: payeeType, payeeName: payeeName, kind: kind,
            amount: amount, reference: reference, description: description, payoutID: payoutID,
            payoutStatus: payoutStatus,
            source: source, isStatusReport: false,
            extras: PackedExtras(payoutArrival: payoutArrival, distance: distance), texts: texts)
    }

    /// An entry made from its fields as a record held them (``EntryRecords``).
    init(box: LedgerEntryBox) { self.box = box }

    /// The fields, shared (for writing them as a record).
    var storage: LedgerEntryBox { box }

    /// The box, copied first when another entry shares it (copy on write).
    private var unique: LedgerEntryBox {
        mutating get {
            if !isKnownUniquelyReferenced(&box) { box = box.copy() }
            return box
        }
    }

    public var id: String {
        get { box.id }
        set { unique.id = newValue }
    }
    public var occurredAt: Timestamp {
        get { box.occurredAt }
        set { unique.occurredAt = newValue }
    }
    public var payeeID: String {
        get { box.payeeID }
        set { unique.payeeID = newValue }
    }
    public var payeeType: PayeeType {
        get { box.payeeType }
        set { unique.payeeType = newValue }
    }
    public var payeeName: String? {
        get { box.payeeName }
        set { unique.payeeName = newValue }
    }
    public var kind: EntryKind {
        get { box.kind }
        set { unique.kind = newValue }
    }
    public var amount: Money {
        get { box.amount }
        set { unique.amount = newValue }
    }
    public var reference: String? {
        get { box.reference }
        set { unique.reference = newValue }
    }
    public var description: String? {
        get { box.description }
        set { unique.description = newValue }
    }
    public var payoutID: String? {
        get { box.payoutID }
        set { unique.payoutID = newValue }
    }
    public var payoutStatus: PayoutStatus? {
        get { box.payoutStatus }
        set { unique.payoutStatus = newValue }
    }
    /// On a `payout` row: the local date the money is expected at (or reached) the bank (issue 50).
    public var payoutArrival: CivilDate? {
        get { box.extras.payoutArrival }
        set { unique.extras.payoutArrival = newValue }
    }
    /// On an `earning` row: the job's distance (issue 50).
    public var distance: Distance? {
        get { box.extras.distance }
        set { unique.extras.distance = newValue }
    }
    /// Where the entry was read (for messages about it).
    public var source: SourceLocation {
        get { box.source }
        set { unique.source = newValue }
    }
    /// Read from a payouts report: it reports a payout's status and never conflicts with the
    /// balance report's copy of the same entry (whose other fields win).
    public var isStatusReport: Bool {
        get { box.isStatusReport }
        set { unique.isStatusReport = newValue }
    }

    /// The payee id's number in the entry's ``EntryTexts``: equal numbers in one table are equal payee id bytes.
    var payeeNumber: (table: EntryTexts, number: UInt32) { (box.texts, box.payeeNumber) }

    /// Whether the entry's id equals `id` (as Strings compare), cheaper than `entry.id == id`.
    func hasID(_ id: String) -> Bool { box.hasID(id) }

    /// Whether the id comes first in the order of UTF-8 bytes: `a.id.utf8.lexicographicallyPrecedes(b.id.utf8)`.
    public func idPrecedes(_ other: LedgerEntry) -> Bool {
        box.packedID.precedes(other.box.packedID, box.texts, other.box.texts)
    }

    /// Every field equal (instants compared as instants, like ``Timestamp``).
    public static func == (a: LedgerEntry, b: LedgerEntry) -> Bool {
        if a.box === b.box { return true }
        let x = a.box
        let y = b.box
        return x.id == y.id && x.occurredAt == y.occurredAt && x.payeeID == y.payeeID && x.payeeType == y.payeeType
            && x.payeeName == y.payeeName && x.kind == y.kind && x.minorUnits == y.minorUnits
            && x.currency == y.currency
            && x.reference == y.reference && x.description == y.description && x.payoutID == y.payoutID
            && x.payoutStatus == y.payoutStatus && x.extras == y.extras
            && x.sameSource(as: y) && x.isStatusReport == y.isStatusReport
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
    /// The payees file's `day_start` (nil when empty or absent: the run's `--day-start`).
    public var dayStart: DayStart?
    /// The payees file's `week_start` (nil when empty or absent: the run's `--week-start`).
    public var weekStart: Weekday?
    /// Where the profile was read (nil for run defaults).
    public var source: SourceLocation?
    /// The payees file's `email_statements`: false when `no` (the payee did not consent to statements by e-mail);
    /// nil when empty or absent.
    public var emailStatements: Bool?

    public init(
        id: String, type: PayeeType? = nil, name: String? = nil, email: String? = nil, timeZone: String, locale: String,
        dayStart: DayStart? = nil, weekStart: Weekday? = nil, source: SourceLocation? = nil
    ) {
        self.dayStart = dayStart
        self.weekStart = weekStart
        self.source = source
        self.id = id
        self.type = type
        self.name = name
        self.email = email
        self.timeZone = timeZone
        self.locale = locale
    }
}
