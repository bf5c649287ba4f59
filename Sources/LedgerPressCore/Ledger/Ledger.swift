// The ledger's storage (records, spill file, spill settings, storage failure) is LedgerPressStore's; whoever uses the
// ledger uses those types too, so Core re-exports them.
import LedgerPressStore

/// The whole history a run reports on: entries merged across overlapping exports.
///
/// > Note: an `id` seen again counts once. A repeat that differs in `occurred_at`, `payee_id`,
/// > `payee_type`, `kind`, `amount` or `currency` is an error; `payout_id`, `payout_status`,
/// > `description` and `payee_name` take the last non-empty value read.
///
/// > Note: the entries are held as records (``EntryRecords``), the older ones in a spill file, and made again
/// > when they are read: what stays in memory per entry is its slot in the index by id. A copy of a ledger
/// > shares the records until either copy changes.
public struct Ledger: Sendable {
    private(set) var records: EntryRecords
    /// How many entries (records) the ledger has.
    var count = 0
    var indexByID = EntryIndex()
    /// A ledger read back whole (``init(restoring:texts:verified:)``) makes its index by id when it is first needed:
    /// a build that adds no entry to it never does.
    var indexPending = false
    /// The payees whose entries changed since the ledger was read back (``init(restoring:texts:verified:)``): an entry
    /// added or merged into. Nil for a ledger not read back.
    public internal(set) var touchedPayees: Set<String>?
    /// Each payee's type, where it was first seen, and its id as first read (a `String` key matches any id
    /// canonically equal to it: the bytes tell two payees apart).
    var typeByPayee: [String: (PayeeType, SourceLocation, id: String)] = [:]
    /// The payee of the entry added last, by its text number in its table (an export lists a payee's rows
    /// together), and their type: the same payee id bytes need no look-up.
    private var lastPayee: (table: EntryTexts, number: UInt32, type: PayeeType)?

    /// An empty ledger whose records spill as `spill` says (the caller reads the environment: ``LedgerSpill``).
    public init(spill: LedgerSpill = .standard) { records = EntryRecords(spill: spill) }

    /// The first failure of the ledger's spill file (or of one of a ledger it was made from): a run that sees one
    /// stops (exit 74) before it publishes. Nil while every read and write worked.
    public var storageFailure: LedgerStorageFailure? { records.health.failure }

    /// Throws the first failure of the records' spill file (shared with every ledger made from these records): what
    /// a run asks before it uses what it made of them (exit 74).
    public func checkStorage() throws(LedgerStorageFailure) { try records.health.check() }

    /// Where the ledger's records, and every ledger made from them, note a failure of their spill files: what a run
    /// asks just before it publishes, once the ledger itself is gone.
    public var storageHealth: LedgerStorageHealth { records.health }

    public init(merging entries: [LedgerEntry], diagnostics: inout DiagnosticLog) {
        self.init()
        for entry in entries { add(entry, diagnostics: &diagnostics) }
    }

    /// Entries in first-read order (each made from its record as it is read).
    public var entries: LedgerEntries { LedgerEntries(records: records, count: count) }

    /// How many of the ledger's records are in its spill file, in chunks.
    var spilledChunks: Int { records.spilledChunks }

    /// The records, copied first when another ledger (or a payee's ``PayeeEntries``) shares them.
    private mutating func ownRecords() -> EntryRecords {
        if !isKnownUniquelyReferenced(&records) { records = records.copy() }
        return records
    }

    /// Adds the entries of one input row only if none of them conflicts; returns whether it did.
    @discardableResult
    public mutating func add(row: some Collection<LedgerEntry>, diagnostics: inout DiagnosticLog) -> Bool {
        readyIndex()
        if row.count == 1, let entry = row.first { return add(single: entry, diagnostics: &diagnostics) }
        var clean = true
        for entry in row {
            guard let problem = problem(with: entry) else { continue }
            diagnostics.append(problem)
            clean = false
        }
        guard clean else { return false }
        for entry in row { insert(entry) }
        return true
    }

    /// Room for this many entries in all, so that adding them does not grow the index step by step.
    public mutating func reserveCapacity(_ count: Int) {
        readyIndex(capacity: count)
        indexByID.reserveCapacity(count)
    }

    /// A row of one entry: the same checks and merge as ``problem(with:)`` then ``insert(_:)``, with one
    /// look-up of the payee and one of the id for a new entry.
    mutating func add(single entry: LedgerEntry, diagnostics: inout DiagnosticLog) -> Bool {
        readyIndex()
        let (table, number) = entry.payeeNumber
        let known: PayeeType?
        if let last = lastPayee, last.number == number, last.table === table {
            known = last.type
        } else {
            let seen = typeByPayee[entry.payeeID]
            if let seen, !Ledger.sameBytes(seen.id, entry.payeeID) {
                // Another payee whose id is canonically equal to this one: refused (see problem(with:)).
                if let problem = problem(with: entry) { diagnostics.append(problem) }
                return false
            }
            known = seen?.0
            if let known { lastPayee = (table, number, known) }
        }
        if let known, known != entry.payeeType {
            // A payee type conflict: reported as always.
            if let problem = problem(with: entry) { diagnostics.append(problem) }
            return false
        }
        let records = ownRecords()
        guard indexByID.claim(entry.id, for: count, in: records) != nil else {
            if known == nil {
                typeByPayee[entry.payeeID] = (entry.payeeType, entry.source, entry.payeeID)
                lastPayee = (table, number, entry.payeeType)
            }
            records.append(entry)
            count += 1
            touchedPayees?.insert(entry.payeeID)
            return true
        }
        if let problem = problem(with: entry) {
            diagnostics.append(problem)
            return false
        }
        insert(entry)
        return true
    }

    /// Adds one entry (or merges a repeat), reporting conflicts.
    public mutating func add(_ entry: LedgerEntry, diagnostics: inout DiagnosticLog) {
        readyIndex()
        if let problem = problem(with: entry) {
            diagnostics.append(problem)
        } else {
            insert(entry)
        }
    }

    /// Why an entry cannot join the ledger: its payee's type disagrees, or it repeats an id with other values.
    func problem(with entry: LedgerEntry) -> Diagnostic? {
        precondition(!indexPending, "the index is made before an entry is looked up")
        if let (_, firstSeen, id) = typeByPayee[entry.payeeID], !Ledger.sameBytes(id, entry.payeeID) {
            return Ledger.lookAlike("payee_id", entry.payeeID, entry.source, as: id, firstSeen)
        }
        if let (type, firstSeen, _) = typeByPayee[entry.payeeID], type != entry.payeeType {
            var location = entry.source
            location.field = "payee_type"
            return Diagnostic(
                at: location,
                expected: "'\(type.rawValue)' for payee '\(entry.payeeID)' as at \(firstSeen.file):\(firstSeen.line)",
                found: entry.payeeType.rawValue)
        }
        guard let index = indexByID.position(of: entry.id, in: records) else { return nil }
        let first = records.entry(at: index)
        if !Ledger.sameBytes(first.id, entry.id) {
            return Ledger.lookAlike("id", entry.id, entry.source, as: first.id, first.source)
        }
        guard !first.isStatusReport, !entry.isStatusReport, let conflict = Ledger.conflict(first, entry) else {
            return nil
        }
        var location = entry.source
        location.field = conflict.field
        return Diagnostic(
            at: location,
            expected:
                "the same \(conflict.field) for repeated id '\(entry.id)' as at \(first.source.file):\(first.source.line) ('\(conflict.was)')",
            found: conflict.now)
    }

    /// Adds a checked entry, or merges it into the earlier one with its id.
    mutating func insert(_ entry: LedgerEntry) {
        readyIndex()
        touchedPayees?.insert(entry.payeeID)
        let records = ownRecords()
        guard let index = indexByID.claim(entry.id, for: count, in: records) else {
            typeByPayee[entry.payeeID] = typeByPayee[entry.payeeID] ?? (entry.payeeType, entry.source, entry.payeeID)
            records.append(entry)
            count += 1
            return
        }
        let first = records.entry(at: index)
        var merged = first
        if first.isStatusReport && !entry.isStatusReport {
            merged = entry
            merged.payoutID = merged.payoutID ?? first.payoutID
            merged.payoutStatus = merged.payoutStatus ?? first.payoutStatus
            merged.payoutArrival = merged.payoutArrival ?? first.payoutArrival
        }
        if let v = entry.payoutID, !v.isEmpty { merged.payoutID = v }
        if let v = entry.payoutStatus { merged.payoutStatus = v }
        if let v = entry.payoutArrival { merged.payoutArrival = v }
        if let v = entry.description, !v.isEmpty { merged.description = v }
        if let v = entry.payeeName, !v.isEmpty { merged.payeeName = v }
        // A repeat that changes nothing (an overlapping export's row) leaves the record as it is.
        if merged != first { records.replace(at: index, with: merged) }
    }

    static func sameBytes(_ a: String, _ b: String) -> Bool { a.utf8.elementsEqual(b.utf8) }

    /// Two ids that differ in their bytes but not as text (Unicode canonical equivalence, e.g. `é` as one code
    /// point or as `e` and a combining accent): upstream systems tell them apart, while their pages would look
    /// the same, so the run refuses them naming both.
    static func lookAlike(
        _ field: String, _ id: String, _ source: SourceLocation, as other: String, _ otherSource: SourceLocation
    ) -> Diagnostic {
        var location = source
        location.field = field
        let code = { (text: String) in
            text.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
        }
        return Diagnostic(
            at: location,
            expected:
                "an id that differs from '\(other)' at \(otherSource.file):\(otherSource.line) as text, not only in its Unicode normalization (\(code(other)) there, \(code(id)) here)",
            found: id)
    }

    static func conflict(_ a: LedgerEntry, _ b: LedgerEntry) -> (field: String, was: String, now: String)? {
        if !a.occurredAt.sameInstant(as: b.occurredAt) {
            return (
                "occurred_at",
                Timestamp.format(
                    epochSeconds: a.occurredAt.epochSeconds, offsetSeconds: Int(a.occurredAt.offsetSeconds)),
                Timestamp.format(
                    epochSeconds: b.occurredAt.epochSeconds, offsetSeconds: Int(b.occurredAt.offsetSeconds))
            )
        }
        if a.payeeID != b.payeeID { return ("payee_id", a.payeeID, b.payeeID) }
        if a.payeeType != b.payeeType { return ("payee_type", a.payeeType.rawValue, b.payeeType.rawValue) }
        if a.kind != b.kind { return ("kind", a.kind.rawValue, b.kind.rawValue) }
        if a.amount.currency != b.amount.currency {
            return ("currency", a.amount.currency.code, b.amount.currency.code)
        }
        if a.amount != b.amount { return ("amount", PlainDecimal.format(a.amount), PlainDecimal.format(b.amount)) }
        if a.distance != b.distance {
            let text = { (d: Distance?) in d.map { Distance.short($0.thousandths) + " " + $0.unit.rawValue } ?? "" }
            return ("distance", text(a.distance), text(b.distance))
        }
        return nil
    }

    /// Leaves out entries after the instant (`--as-of`).
    public func asOf(_ instant: Timestamp) -> Ledger {
        filter { !(instant < $0.occurredAt) }
    }

    /// The entries that pass the test (`--as-of`, `--shard`), in the same order.
    public func filter(_ isIncluded: (LedgerEntry) -> Bool) -> Ledger {
        var copy = Ledger(spill: records.spill)
        copy.records = EntryRecords(spill: records.spill, health: records.health)
        var ignored = DiagnosticLog()
        for entry in entries where isIncluded(entry) { copy.add(entry, diagnostics: &ignored) }
        return copy
    }
}
