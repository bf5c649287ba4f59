import Foundation
import LedgerPressCore
import LedgerPressRender

/// What the previous publish said about each statement: its version, when it was first issued, a
/// fingerprint of its figures and lines, and the figures a revision compares. Kept in `manifest.json`.
public struct StatementRecord: Codable, Sendable, Equatable {
    public struct CurrencyFigures: Codable, Sendable, Equatable {
        public var netActivity: String
        public var closingBalance: String

        enum CodingKeys: String, CodingKey {
            case netActivity = "net_activity"
            case closingBalance = "closing_balance"
        }
    }

    public struct Change: Codable, Sendable, Equatable {
        public var currency: String
        public var previous: CurrencyFigures?
        public var current: CurrencyFigures
    }

    public var payeeID: String
    public var period: String
    public var version: Int
    public var firstIssuedAsOf: String
    public var fingerprint: String
    public var figures: [String: CurrencyFigures]
    /// The changes that made this version (empty for version 1).
    public var changes: [Change]

    enum CodingKeys: String, CodingKey {
        case period, version, fingerprint, figures, changes
        case payeeID = "payee_id"
        case firstIssuedAsOf = "first_issued_as_of"
    }

    var key: String { payeeID + "\u{0}" + period }
}

/// The previously published statements, by payee and period.
public struct StatementHistory: Sendable {
    var records: [String: StatementRecord] = [:]

    public init() {}

    /// Reads the statements section of a previous `manifest.json` (none when there is no manifest, or one
    /// from before statements were recorded); a manifest that cannot be read is an error, never a fresh start.
    public init(previousOutput: URL) throws(PreviousManifest.Unreadable) {
        struct Previous: Decodable { var statements: [StatementRecord]? }
        guard let manifest = try PreviousManifest.read(Previous.self, in: previousOutput) else { return }
        for record in manifest.statements ?? [] { records[record.key] = record }
    }

    /// This run's record of a statement, given its fingerprint and figures.
    func record(for statement: Statement, fingerprint: String) -> StatementRecord {
        var figures: [String: StatementRecord.CurrencyFigures] = [:]
        for section in statement.sections {
            let e = section.currency.exponent
            figures[section.currency.code] = .init(
                netActivity: PlainDecimal.format(section.figures.netActivity, exponent: e),
                closingBalance: PlainDecimal.format(section.figures.closingBalance, exponent: e))
        }
        let asOf = Timestamp.format(epochSeconds: statement.asOf.epochSeconds, offsetSeconds: statement.asOfOffset)
        var record = StatementRecord(
            payeeID: statement.payee.id, period: statement.period.label, version: 1, firstIssuedAsOf: asOf,
            fingerprint: fingerprint, figures: figures, changes: [])
        guard let previous = records[record.key] else { return record }
        record.firstIssuedAsOf = previous.firstIssuedAsOf
        if previous.fingerprint == fingerprint {
            record.version = previous.version
            record.changes = previous.changes
            return record
        }
        record.version = previous.version + 1
        record.changes = figures.sorted { $0.key < $1.key }.map { code, current in
            StatementRecord.Change(currency: code, previous: previous.figures[code], current: current)
        }
        return record
    }
}
