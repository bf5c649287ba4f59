import Foundation
import LedgerPressCore

/// A statement record as the payee manifest keeps it: amounts as plain decimals (`"-24.00"`, `"1500"`), each in
/// its currency's decimals, exactly as every version of ledgerpress wrote them. They are read back into money
/// once, when the manifest is read; a text that is not the plain decimal of an amount in that currency (or an
/// unknown currency code) makes the manifest unreadable, as any other damage does.
extension StatementRecord: Codable {
    enum CodingKeys: String, CodingKey {
        case period, version, fingerprint, figures, changes
        case payeeID = "payee_id"
        case firstIssuedAsOf = "first_issued_as_of"
    }

    /// A currency's figures as written: plain decimals.
    struct StoredFigures: Codable, Equatable {
        var netActivity: String
        var closingBalance: String

        enum CodingKeys: String, CodingKey {
            case netActivity = "net_activity"
            case closingBalance = "closing_balance"
        }

        init(netActivity: String, closingBalance: String) {
            self.netActivity = netActivity
            self.closingBalance = closingBalance
        }

        init(_ figures: CurrencyFigures) {
            self.init(
                netActivity: PlainDecimal.format(figures.netActivity),
                closingBalance: PlainDecimal.format(figures.closingBalance))
        }

        /// The figures in the currency `code` names; nil when it names none, or a text is not its plain decimal.
        func figures(code: String) -> CurrencyFigures? {
            guard let currency = StatementRecord.currency(code),
                let net = PlainDecimal.money(netActivity, currency: currency),
                let closing = PlainDecimal.money(closingBalance, currency: currency)
            else { return nil }
            return CurrencyFigures(netActivity: net, closingBalance: closing)
        }
    }

    /// A change as written: its currency code and the figures before and now.
    struct StoredChange: Codable, Equatable {
        var currency: String
        var previous: StoredFigures?
        var current: StoredFigures

        init(currency: String, previous: StoredFigures?, current: StoredFigures) {
            self.currency = currency
            self.previous = previous
            self.current = current
        }

        init(_ change: Change) {
            self.init(
                currency: change.currency.code, previous: change.previous.map(StoredFigures.init),
                current: StoredFigures(change.current))
        }

        var change: Change? {
            guard let currency = StatementRecord.currency(self.currency),
                let current = current.figures(code: self.currency)
            else { return nil }
            var previous: CurrencyFigures?
            if let stored = self.previous {
                guard let figures = stored.figures(code: self.currency) else { return nil }
                previous = figures
            }
            return Change(currency: currency, previous: previous, current: current)
        }
    }

    /// The currency a manifest names by its code, written as ledgerpress writes it (upper case).
    static func currency(_ code: String) -> Currency? {
        guard let currency = Currency(code: code), currency.code == code else { return nil }
        return currency
    }

    /// A record from its stored form; nil when an amount or currency in it cannot be read.
    init?(
        payeeID: String, period: String, version: Int, firstIssuedAsOf: String, fingerprint: String,
        stored figures: [String: StoredFigures], changes: [StoredChange]
    ) {
        var read: [String: CurrencyFigures] = [:]
        for (code, stored) in figures {
            guard let figures = stored.figures(code: code) else { return nil }
            read[code] = figures
        }
        var readChanges: [Change] = []
        for stored in changes {
            guard let change = stored.change else { return nil }
            readChanges.append(change)
        }
        self.init(
            payeeID: payeeID, period: period, version: version, firstIssuedAsOf: firstIssuedAsOf,
            fingerprint: fingerprint, figures: read, changes: readChanges)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let record = StatementRecord(
            payeeID: try container.decode(String.self, forKey: .payeeID),
            period: try container.decode(String.self, forKey: .period),
            version: try container.decode(Int.self, forKey: .version),
            firstIssuedAsOf: try container.decode(String.self, forKey: .firstIssuedAsOf),
            fingerprint: try container.decode(String.self, forKey: .fingerprint),
            stored: try container.decode([String: StoredFigures].self, forKey: .figures),
            changes: try container.decode([StoredChange].self, forKey: .changes))
        guard let record else {
            throw DecodingError.dataCorruptedError(
                forKey: .figures, in: container,
                debugDescription: "expected plain decimal amounts in known currencies")
        }
        self = record
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(payeeID, forKey: .payeeID)
        try container.encode(period, forKey: .period)
        try container.encode(version, forKey: .version)
        try container.encode(firstIssuedAsOf, forKey: .firstIssuedAsOf)
        try container.encode(fingerprint, forKey: .fingerprint)
        try container.encode(figures.mapValues(StoredFigures.init), forKey: .figures)
        try container.encode(changes.map(StoredChange.init), forKey: .changes)
    }
}

extension DigestBuilder {
    /// A change as the manifest writes it: its currency, the previous figures (if any), the current ones.
    mutating func add(_ change: StatementRecord.StoredChange) {
        text(change.currency)
        optional(change.previous?.netActivity)
        optional(change.previous?.closingBalance)
        text(change.current.netActivity)
        text(change.current.closingBalance)
    }
}
