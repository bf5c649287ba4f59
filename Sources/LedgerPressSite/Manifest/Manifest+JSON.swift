import Foundation

extension Manifest {
    /// The top-level manifest in ``ManifestJSON``'s form, byte for byte (see ``PrettyJSON``): at 10,000
    /// payees `JSONEncoder` took a third of a second of every run, a no-change rerun included. The payees are written
    /// in up to `slices` slices at once.
    func json(slices: Int = 1) -> Data {
        // Room for all of it at once (each payee's period labels are most of it at scale: a 5M-entry manifest is
        // 126 MB), so the buffer is never copied into a larger one while it grows.
        let labels = payees.reduce(0) { $0 + $1.periods.count }
        var json = PrettyJSON(capacity: 1_536 * payees.count + 32 * labels + 256 * files.count + 4_096)
        json.beginObject()
        if let carried, !carried.isEmpty { json.field("carried", carried) }
        json.array("control_totals", controlTotals) { json, totals in totals.write(to: &json) }
        json.array("files", files) { json, file in file.write(to: &json) }
        json.field("format_version", formatVersion)
        json.array("inputs", inputs) { json, input in
            json.beginObject()
            json.field("name", input.name)
            json.field("rows", input.rows)
            json.field("sha256", input.sha256)
            json.field("size", input.size)
            if let source = input.source { json.field("source", source) }
            json.endObject()
        }
        json.key("options")
        options.write(to: &json)
        json.array("payees", payees, slices: slices) { json, payee in payee.write(to: &json) }
        json.field("tool", tool)
        json.endObject()
        return json.finish()
    }
}

extension Manifest.FileEntry {
    func write(to json: inout PrettyJSON) {
        json.beginObject()
        json.field("path", path)
        json.field("sha256", sha256)
        json.field("size", size)
        json.endObject()
    }
}

extension Manifest.Options {
    /// As ``OutputOption/all`` declares the members (in key order, as `JSONEncoder` sorts them).
    func write(to json: inout PrettyJSON) {
        json.beginObject()
        for option in OutputOption.all.sorted(by: { $0.key < $1.key }) {
            switch option.value {
            case .text(let member): json.field(option.key, self[keyPath: member])
            case .optionalText(let member):
                if let value = self[keyPath: member] { json.field(option.key, value) }
            case .texts(let member): json.field(option.key, self[keyPath: member])
            case .optionalNumber(let member):
                if let value = self[keyPath: member] { json.field(option.key, Int(value)) }
            }
        }
        json.endObject()
    }
}

extension Manifest.PayeeEntry {
    func write(to json: inout PrettyJSON) {
        json.beginObject()
        json.field("bytes", bytes)
        json.field("files", files)
        json.key("finance")
        finance.write(to: &json)
        json.field("id", id)
        json.field("key", key)
        if let letters { json.field("letters", letters) }
        if let lettersIssued { json.field("letters_issued", lettersIssued) }
        json.key("manifest")
        manifest.write(to: &json)
        json.field("periods", periods)
        json.field("revised", revised)
        json.field("slug", slug)
        json.field("statements_sha256", statementsSHA256)
        json.endObject()
    }
}

extension FinanceSummary.PayeeRow {
    func write(to json: inout PrettyJSON) {
        json.beginObject()
        json.array("balances", balances) { json, balance in
            json.beginObject()
            json.field("amount", Int(balance.amount))
            json.field("currency", balance.currency)
            json.endObject()
        }
        json.field("csv_bytes", csvBytes)
        json.field("id", id)
        json.array("kind_totals", kindTotals) { json, total in
            json.beginObject()
            json.field("amount", Int(total.amount))
            json.field("currency", total.currency)
            json.field("kind", total.kind)
            json.endObject()
        }
        if let latestMonth { json.field("latest_month", latestMonth) }
        json.field("name", name)
        json.field("slug", slug)
        json.field("statement_count", statementCount)
        json.field("type", type)
        json.endObject()
    }
}

extension ControlTotals {
    func write(to json: inout PrettyJSON) {
        json.beginObject()
        for (key, value) in members {
            switch value {
            case .text(let text): json.field(key, text)
            case .count(let count): json.field(key, count)
            }
        }
        json.endObject()
    }
}
