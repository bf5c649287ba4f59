import Foundation
import LedgerPressCore

extension PayeeManifest {
    /// The manifest in ``ManifestJSON``'s form, byte for byte (see ``PrettyJSON``).
    func json() -> Data {
        var json = PrettyJSON(capacity: 256 * (files.count + statements.count + rendered.count) + 512)
        json.beginObject()
        json.array("files", files) { json, file in file.write(to: &json) }
        json.field("format_version", formatVersion)
        json.field("key", key)
        json.field("payee_id", payeeID)
        json.array("rendered", rendered) { json, item in
            json.beginObject()
            json.field("key", item.key)
            json.field("period", item.period)
            json.endObject()
        }
        json.array("statements", statements) { json, record in record.write(to: &json) }
        json.field("tool", tool)
        json.endObject()
        return json.finish()
    }
}

extension StatementRecord {
    func write(to json: inout PrettyJSON) {
        json.beginObject()
        json.array("changes", changes) { json, change in
            json.beginObject()
            json.field("currency", change.currency.code)
            json.key("current")
            StoredFigures(change.current).write(to: &json)
            if let previous = change.previous {
                json.key("previous")
                StoredFigures(previous).write(to: &json)
            }
            json.endObject()
        }
        json.key("figures")
        json.beginObject()
        for currency in figures.keys.sorted(by: { $0.utf8Precedes($1) }) {
            json.key(currency)
            figures[currency].map(StoredFigures.init)?.write(to: &json)
        }
        json.endObject()
        json.field("fingerprint", fingerprint)
        json.field("first_issued_as_of", firstIssuedAsOf)
        json.field("payee_id", payeeID)
        json.field("period", period)
        json.field("version", version)
        json.endObject()
    }
}

extension StatementRecord.StoredFigures {
    func write(to json: inout PrettyJSON) {
        json.beginObject()
        json.field("closing_balance", closingBalance)
        json.field("net_activity", netActivity)
        json.endObject()
    }
}
