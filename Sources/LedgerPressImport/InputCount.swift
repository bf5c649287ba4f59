import LedgerPressCore

/// One input's rows and entries, counted once and reported the same way by `check`, `build` and
/// `build --reject-file`: rows read = accepted + rejected + skipped, always.
///
/// - accepted: rows whose entries joined the ledger (an entry seen before in this run counts once);
/// - rejected: rows with a problem (the importer's, or a conflict with an entry read before);
/// - skipped: rows left out on purpose, per reason (a mapping's filter, a platform report's own rows);
/// - entries: the entries the accepted rows made; `newEntries` of them were not in the ledger yet.
public struct InputCount: Sendable, Equatable, Codable {
    public var file: String
    public var rowsRead: Int
    public var accepted: Int
    public var rejected: Int
    public var skipped: [SkippedRows]
    public var entries: Int
    public var newEntries: Int

    public init(
        file: String, rowsRead: Int, accepted: Int, rejected: Int, skipped: [SkippedRows], entries: Int, newEntries: Int
    ) {
        self.file = file
        self.rowsRead = rowsRead
        self.accepted = accepted
        self.rejected = rejected
        self.skipped = skipped
        self.entries = entries
        self.newEntries = newEntries
    }

    public var skippedCount: Int { skipped.total }

    /// `683 rows read = 600 accepted + 3 rejected + 80 skipped (77 Balance Impact is Memo, 3 Status is Pending); 1194 entries (1100 new)`
    public var text: String {
        var text = "\(rowsRead) rows read = \(accepted) accepted + \(rejected) rejected + \(skippedCount) skipped"
        if !skipped.isEmpty { text += " (" + skipped.map { "\($0.count) \($0.reason)" }.joined(separator: ", ") + ")" }
        text += "; \(entries) entries"
        if newEntries != entries { text += " (\(newEntries) new, \(entries - newEntries) already read)" }
        return text
    }

    /// Why an input with rows gave no entry, in words, or nil when it gave some (or had no rows: a
    /// header-only export is a quiet day, not a mistake).
    public var whyNoEntries: String? {
        guard entries == 0, rowsRead > 0 else { return nil }
        if accepted == 0 && rejected == 0 { return "every row was skipped (see the reasons above)" }
        if accepted == 0 && skippedCount == 0 { return "every row was rejected" }
        if accepted == 0 { return "every row was rejected or skipped" }
        return "the accepted rows have only zero amounts"
    }
}
