import Foundation

/// A manifest type read straight from its bytes by ``JSONCursor``. ``PreviousManifest/read(_:in:)`` uses it when a
/// type has it and hands anything it refuses to `JSONDecoder`, so errors keep `JSONDecoder`'s words.
protocol CursorReadable {
    init(json: inout JSONCursor) throws(JSONCursor.Unexpected)
    /// The manifest's `tool` member (a ledgerpress manifest says "ledgerpress").
    var manifestTool: String? { get }
}

extension PayeeManifest: CursorReadable {
    var manifestTool: String? { tool }

    /// Every member the synthesized `Decodable` conformance requires must be there; other members are skipped.
    init(json: inout JSONCursor) throws(JSONCursor.Unexpected) {
        var tool: String?
        var format: Int?
        var payeeID: String?
        var key: String?
        var files: [Manifest.FileEntry]?
        var statements: [StatementRecord]?
        var rendered: [Rendered]?
        try json.object { json, name throws(JSONCursor.Unexpected) in
            switch name {
            case "tool": tool = try json.string()
            case "format_version": format = try json.int()
            case "payee_id": payeeID = try json.string()
            case "key": key = try json.string()
            case "files": files = try json.list { json throws(JSONCursor.Unexpected) in try .init(json: &json) }
            case "statements":
                statements = try json.list { json throws(JSONCursor.Unexpected) in try .init(json: &json) }
            case "rendered": rendered = try json.list { json throws(JSONCursor.Unexpected) in try .init(json: &json) }
            default: try json.skipValue()
            }
        }
        guard let tool, let format, let payeeID, let key, let files, let statements, let rendered else {
            throw JSONCursor.Unexpected()
        }
        self.init(
            tool: tool, formatVersion: format, payeeID: payeeID, key: key, files: files, statements: statements,
            rendered: rendered)
    }
}

extension PayeeManifest.Rendered {
    init(json: inout JSONCursor) throws(JSONCursor.Unexpected) {
        var period: String?
        var key: String?
        try json.object { json, name throws(JSONCursor.Unexpected) in
            switch name {
            case "period": period = try json.string()
            case "key": key = try json.string()
            default: try json.skipValue()
            }
        }
        guard let period, let key else { throw JSONCursor.Unexpected() }
        self.init(period: period, key: key)
    }
}

extension Manifest.FileEntry {
    init(json: inout JSONCursor) throws(JSONCursor.Unexpected) {
        var path: String?
        var size: Int?
        var sha256: String?
        try json.object { json, name throws(JSONCursor.Unexpected) in
            switch name {
            case "path": path = try json.string()
            case "size": size = try json.int()
            case "sha256": sha256 = try json.string()
            default: try json.skipValue()
            }
        }
        guard let path, let size, let sha256 else { throw JSONCursor.Unexpected() }
        self.init(path: path, size: size, sha256: sha256)
    }
}

extension StatementRecord {
    init(json: inout JSONCursor) throws(JSONCursor.Unexpected) {
        var payeeID: String?
        var period: String?
        var version: Int?
        var firstIssuedAsOf: String?
        var fingerprint: String?
        var figures: [String: StoredFigures]?
        var changes: [StoredChange]?
        try json.object { json, name throws(JSONCursor.Unexpected) in
            switch name {
            case "payee_id": payeeID = try json.string()
            case "period": period = try json.string()
            case "version": version = try json.int()
            case "first_issued_as_of": firstIssuedAsOf = try json.string()
            case "fingerprint": fingerprint = try json.string()
            case "figures":
                var byCurrency: [String: StoredFigures] = [:]
                try json.object { json, currency throws(JSONCursor.Unexpected) in
                    byCurrency[currency] = try StoredFigures(json: &json)
                }
                figures = byCurrency
            case "changes":
                changes = try json.list { json throws(JSONCursor.Unexpected) in try StoredChange(json: &json) }
            default: try json.skipValue()
            }
        }
        guard let payeeID, let period, let version, let firstIssuedAsOf, let fingerprint, let figures, let changes,
            let record = StatementRecord(
                payeeID: payeeID, period: period, version: version, firstIssuedAsOf: firstIssuedAsOf,
                fingerprint: fingerprint, stored: figures, changes: changes)
        else { throw JSONCursor.Unexpected() }
        self = record
    }
}

extension StatementRecord.StoredChange {
    init(json: inout JSONCursor) throws(JSONCursor.Unexpected) {
        var currency: String?
        var previous: StatementRecord.StoredFigures?
        var current: StatementRecord.StoredFigures?
        try json.object { json, name throws(JSONCursor.Unexpected) in
            switch name {
            case "currency": currency = try json.string()
            case "previous": previous = try json.null() ? nil : try .init(json: &json)
            case "current": current = try .init(json: &json)
            default: try json.skipValue()
            }
        }
        guard let currency, let current else { throw JSONCursor.Unexpected() }
        self.init(currency: currency, previous: previous, current: current)
    }
}

extension StatementRecord.StoredFigures {
    init(json: inout JSONCursor) throws(JSONCursor.Unexpected) {
        var netActivity: String?
        var closingBalance: String?
        try json.object { json, name throws(JSONCursor.Unexpected) in
            switch name {
            case "net_activity": netActivity = try json.string()
            case "closing_balance": closingBalance = try json.string()
            default: try json.skipValue()
            }
        }
        guard let netActivity, let closingBalance else { throw JSONCursor.Unexpected() }
        self.init(netActivity: netActivity, closingBalance: closingBalance)
    }
}
