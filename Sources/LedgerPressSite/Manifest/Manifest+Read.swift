import Foundation

/// The top-level manifest's payee entries read straight from their bytes (``JSONCursor``), as
/// ``PayeeManifest`` is: every member the synthesized `Decodable` conformance requires must be there, others are
/// skipped, and anything else sends the whole manifest to `JSONDecoder`.
extension Manifest.PayeeEntry {
    init(json: inout JSONCursor) throws(JSONCursor.Unexpected) {
        var id: String?
        var slug: String?
        var key: String?
        var manifest: Manifest.FileEntry?
        var files: Int?
        var bytes: Int?
        var statementsSHA256: String?
        var revised: Int?
        var finance: FinanceSummary.PayeeRow?
        var periods: [String]?
        var letters: [String]?
        var lettersIssued: [String]?
        try json.object { json, name throws(JSONCursor.Unexpected) in
            switch name {
            case "id": id = try json.string()
            case "slug": slug = try json.string()
            case "key": key = try json.string()
            case "manifest": manifest = try .init(json: &json)
            case "files": files = try json.int()
            case "bytes": bytes = try json.int()
            case "statements_sha256": statementsSHA256 = try json.string()
            case "revised": revised = try json.int()
            case "finance": finance = try .init(json: &json)
            case "periods": periods = try json.list { json throws(JSONCursor.Unexpected) in try json.string() }
            case "letters": letters = try json.list { json throws(JSONCursor.Unexpected) in try json.string() }
            case "letters_issued":
                lettersIssued = try json.list { json throws(JSONCursor.Unexpected) in try json.string() }
            default: try json.skipValue()
            }
        }
        guard let id, let slug, let key, let manifest, let files, let bytes, let statementsSHA256, let revised,
            let finance, let periods
        else { throw JSONCursor.Unexpected() }
        self.init(
            id: id, slug: slug, key: key, manifest: manifest, files: files, bytes: bytes,
            statementsSHA256: statementsSHA256, revised: revised, finance: finance, periods: periods, letters: letters,
            lettersIssued: lettersIssued)
    }
}

extension FinanceSummary.PayeeRow {
    init(json: inout JSONCursor) throws(JSONCursor.Unexpected) {
        var id: String?
        var name: String?
        var type: String?
        var slug: String?
        var statementCount: Int?
        var balances: [FinanceSummary.Amount]?
        var latestMonth: String?
        var kindTotals: [FinanceSummary.KindTotal]?
        var csvBytes: [Int]?
        try json.object { json, member throws(JSONCursor.Unexpected) in
            switch member {
            case "id": id = try json.string()
            case "name": name = try json.string()
            case "type": type = try json.string()
            case "slug": slug = try json.string()
            case "statement_count": statementCount = try json.int()
            case "balances":
                balances = try json.list { json throws(JSONCursor.Unexpected) in
                    var currency: String?
                    var amount: Int?
                    try json.object { json, member throws(JSONCursor.Unexpected) in
                        switch member {
                        case "currency": currency = try json.string()
                        case "amount": amount = try json.int()
                        default: try json.skipValue()
                        }
                    }
                    guard let currency, let amount else { throw JSONCursor.Unexpected() }
                    return FinanceSummary.Amount(currency: currency, amount: Int64(amount))
                }
            case "latest_month": latestMonth = try json.null() ? nil : try json.string()
            case "kind_totals":
                kindTotals = try json.list { json throws(JSONCursor.Unexpected) in
                    var kind: String?
                    var currency: String?
                    var amount: Int?
                    try json.object { json, member throws(JSONCursor.Unexpected) in
                        switch member {
                        case "kind": kind = try json.string()
                        case "currency": currency = try json.string()
                        case "amount": amount = try json.int()
                        default: try json.skipValue()
                        }
                    }
                    guard let kind, let currency, let amount else { throw JSONCursor.Unexpected() }
                    return FinanceSummary.KindTotal(kind: kind, currency: currency, amount: Int64(amount))
                }
            case "csv_bytes": csvBytes = try json.list { json throws(JSONCursor.Unexpected) in try json.int() }
            default: try json.skipValue()
            }
        }
        guard let id, let name, let type, let slug, let statementCount, let balances, let kindTotals, let csvBytes
        else { throw JSONCursor.Unexpected() }
        self.init(
            id: id, name: name, type: type, slug: slug, statementCount: statementCount, balances: balances,
            latestMonth: latestMonth, kindTotals: kindTotals, csvBytes: csvBytes)
    }
}
