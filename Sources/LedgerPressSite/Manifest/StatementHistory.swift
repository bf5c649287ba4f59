import Foundation
import LedgerPressCore
import LedgerPressRender

/// What the previous publish said about each statement: its version, when it was first issued, a
/// fingerprint of its figures and lines, and the figures a revision compares. Kept in the payee's
/// `manifest.json` (``StatementRecord+Codable``: amounts written as plain decimals, read back into money once).
public struct StatementRecord: Sendable, Equatable {
    /// One currency's figures of a statement version, as its revision note compares them.
    public typealias CurrencyFigures = StatementRevision.Figures
    /// What changed in one currency between two versions.
    public typealias Change = StatementRevision.Change

    public var payeeID: String
    public var period: String
    public var version: Int
    public var firstIssuedAsOf: String
    public var fingerprint: String
    /// By currency code.
    public var figures: [String: CurrencyFigures]
    /// The changes that made this version (empty for version 1).
    public var changes: [Change]

    /// What the statement's page says about its versions.
    public var revision: StatementRevision {
        StatementRevision(version: version, firstIssuedAsOf: firstIssuedAsOf, changes: changes)
    }
}

/// One payee's statements as published before, by period label: from their payee manifest, or (read once
/// when upgrading a site) from a format-1 manifest, whose fingerprints are of the legacy form.
struct StatementHistory: Sendable {
    var records: [String: StatementRecord] = [:]
    /// The records come from a format-1 manifest: their fingerprints are ``StatementDigest/legacy(_:)``.
    var legacy = false

    init() {}

    init(records: [StatementRecord], legacy: Bool = false) {
        for record in records { self.records[record.period] = record }
        self.legacy = legacy
    }

    /// This run's record of a statement, and whether this run revised it (a new version of one published before).
    func record(for statement: Statement) -> (record: StatementRecord, revised: Bool) {
        let fingerprint = StatementDigest.revision(statement)
        var figures: [String: StatementRecord.CurrencyFigures] = [:]
        for section in statement.sections {
            let currency = section.currency
            figures[currency.code] = .init(
                netActivity: Money(minorUnits: section.figures.netActivity, currency: currency),
                closingBalance: Money(minorUnits: section.figures.closingBalance, currency: currency))
        }
        let asOf = Timestamp.format(epochSeconds: statement.asOf.epochSeconds, offsetSeconds: statement.asOfOffset)
        var record = StatementRecord(
            payeeID: statement.payee.id, period: statement.period.label, version: 1, firstIssuedAsOf: asOf,
            fingerprint: fingerprint, figures: figures, changes: [])
        guard let previous = records[record.period] else { return (record, false) }
        record.firstIssuedAsOf = previous.firstIssuedAsOf
        let same = previous.fingerprint == (legacy ? StatementDigest.legacy(statement) : fingerprint)
        if same {
            record.version = previous.version
            record.changes = previous.changes
            return (record, false)
        }
        record.version = previous.version + 1
        record.changes = figures.sorted { $0.key < $1.key }.map { code, current in
            StatementRecord.Change(
                currency: current.netActivity.currency, previous: previous.figures[code], current: current)
        }
        return (record, true)
    }
}
