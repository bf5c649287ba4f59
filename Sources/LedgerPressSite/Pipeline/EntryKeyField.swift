import LedgerPressCore

/// A field of a ledger entry as it reaches a payee's key (``PayeeKey/entriesDigest(_:)``): its name (a property of
/// ``LedgerPressCore/LedgerEntry`` and of ``LedgerPressCore/EntryRecordView``) and how it is added to the digest.
///
/// > Note: every field of ``LedgerPressCore/LedgerEntry`` is declared once, here: in ``digested``, in
/// > ``digestedWhenPresent``, or in ``leftOut`` with why. `EntryKeyFieldTests` fails on a field of the entry that is
/// > in none of them, and on a declared field whose change leaves the digest as it was.
struct EntryKeyField {
    let name: String
    /// Adds the field's value to the digest.
    let add: @Sendable (inout DigestBuilder, EntryRecordView) -> Void
    /// Whether the entry has the field (for ``digestedWhenPresent``).
    let isPresent: @Sendable (EntryRecordView) -> Bool

    init(
        _ name: String, isPresent: @escaping @Sendable (EntryRecordView) -> Bool = { _ in true },
        add: @escaping @Sendable (inout DigestBuilder, EntryRecordView) -> Void
    ) {
        self.name = name
        self.isPresent = isPresent
        self.add = add
    }

    /// The fields every entry adds, in the digest's order.
    static let digested: [EntryKeyField] = [
        EntryKeyField("id") { $0.text($1.id) },
        EntryKeyField("occurredAt") { digest, entry in
            digest.timestamp(entry.occurredAt)
            digest.int(Int64(entry.occurredAt.offsetSeconds))
        },
        EntryKeyField("payeeName") { $0.optional($1.payeeName) },
        EntryKeyField("kind") { $0.text($1.kind.rawValue) },
        EntryKeyField("amount") { digest, entry in
            let amount = entry.amount
            digest.text(amount.currency.code)
            digest.int(amount.minorUnits)
        },
        EntryKeyField("reference") { $0.optional($1.reference) },
        EntryKeyField("description") { $0.optional($1.description) },
        EntryKeyField("payoutID") { $0.optional($1.payoutID) },
        EntryKeyField("payoutStatus") { $0.optional($1.payoutStatus?.rawValue) },
        EntryKeyField("isStatusReport") { $0.int($1.isStatusReport ? 1 : 0) },
    ]

    /// Fields added to entries later (issue 50): added, after ``whenPresentMarker``, only by an entry that has one of
    /// them, so that the digest of entries without any stays what it was (and no payee re-renders on upgrade).
    static let digestedWhenPresent: [EntryKeyField] = [
        EntryKeyField("payoutArrival", isPresent: { $0.payoutArrival != nil }) {
            $0.optional($1.payoutArrival?.description)
        },
        EntryKeyField("distance", isPresent: { $0.distance != nil }) {
            $0.optional($1.distance.map { String($0.thousandths) + " " + $0.unit.rawValue })
        },
    ]

    /// What precedes ``digestedWhenPresent``'s fields in the digest.
    static let whenPresentMarker = "issue 50"

    /// The fields of an entry that are not in its payee's key, each with why.
    static let leftOut: [String: String] = [
        "payeeID": "the key is one payee's: every entry in it has that payee's id",
        "payeeType": "the payee's type is the payee's profile's, in the key's static part (PayeeKey.init)",
        "source": "where the entry was read (file and line), for messages only: no page shows it",
    ]
}
