import LedgerPressCore

/// A mapping file (YAML) that tells how to read any other CSV export into native entries.
///
/// Schema (every key documented in the README, "Mapping files"):
/// `name`, `delimiter`, `skip_lines`, `decimal_separator`, `thousands_separator`, `currency_symbols`,
/// `negative_parentheses`, `timestamp {columns, format, timezone}`, `fields {native field: column
/// or {constant: value}}`, `entries [{kind: kind or {column, values}, amount: column, sign}]`.
public struct Mapping: Sendable {
    public enum Source: Sendable, Equatable {
        case column(String)
        case constant(String)
    }

    public enum KindRule: Sendable, Equatable {
        case fixed(EntryKind)
        case byColumn(String, [String: EntryKind])
    }

    public enum Sign: String, Sendable {
        case asIs = "as-is", negative, positive
    }

    public struct EntrySpec: Sendable {
        var kind: KindRule
        var amount: String
        var sign: Sign
    }

    public var name: String
    var delimiter: UInt8
    var skipLines: Int
    var decimalSeparator: Character
    var thousandsSeparator: Character?
    var currencySymbols: [String]
    var negativeParentheses: Bool
    var timeColumns: [String]
    var timeFormat: String
    var timeZone: ZoneClock
    var fields: [String: Source]
    var entries: [EntrySpec]

    static let fieldNames = ["id", "payee_id", "payee_type", "payee_name", "currency", "reference", "description", "payout_id", "payout_status"]

    public struct Failure: Error, CustomStringConvertible {
        public var file: String
        public var message: String
        public var description: String { "\(file): error: mapping: \(message)" }
    }

    /// Parses and checks a mapping file's text.
    public static func parse(_ text: String, file: String) throws(Failure) -> Mapping {
        func fail(_ message: String) -> Failure { Failure(file: file, message: message) }
        guard let root = try loadYAML(text, file: file) as? [String: Any] else { throw fail("expected a YAML mapping at the top") }
        let known: Set<String> = ["name", "delimiter", "skip_lines", "decimal_separator", "thousands_separator", "currency_symbols",
            "negative_parentheses", "timestamp", "fields", "entries"]
        if let unknown = root.keys.sorted().first(where: { !known.contains($0) }) { throw fail("unknown key '\(unknown)'") }
        func string(_ value: Any?, _ key: String, default fallback: String? = nil) throws(Failure) -> String {
            if let text = value as? String { return text }
            if let number = value as? Int { return String(number) }
            if value == nil, let fallback { return fallback }
            throw fail("expected text for '\(key)'")
        }
        let delimiterText = try string(root["delimiter"], "delimiter", default: ",")
        guard delimiterText.utf8.count == 1, let delimiter = delimiterText.utf8.first else {
            throw fail("expected one character for 'delimiter', got '\(delimiterText)'")
        }
        let decimal = try string(root["decimal_separator"], "decimal_separator", default: ".")
        guard decimal == "." || decimal == "," else { throw fail("expected '.' or ',' for 'decimal_separator', got '\(decimal)'") }
        let thousands = try string(root["thousands_separator"], "thousands_separator", default: "")
        guard thousands.count <= 1, thousands != decimal else { throw fail("expected one character other than the decimal separator for 'thousands_separator'") }
        guard let timestamp = root["timestamp"] as? [String: Any] else { throw fail("expected 'timestamp' with columns, format and timezone") }
        let timeColumns: [String]
        if let one = timestamp["columns"] as? String { timeColumns = [one] } else if let many = timestamp["columns"] as? [String] {
            timeColumns = many
        } else {
            throw fail("expected 'timestamp.columns': a column name or a list of them")
        }
        let zoneName = try string(timestamp["timezone"], "timestamp.timezone", default: "UTC")
        guard let zone = ZoneClock(identifier: zoneName) else { throw fail("expected an IANA zone for 'timestamp.timezone', got '\(zoneName)'") }
        guard let fieldMap = root["fields"] as? [String: Any] else { throw fail("expected 'fields'") }
        var fields: [String: Source] = [:]
        for (key, value) in fieldMap {
            guard fieldNames.contains(key) else { throw fail("unknown native field '\(key)' in 'fields' (known: \(fieldNames.joined(separator: ", ")))") }
            if let column = value as? String {
                fields[key] = .column(column)
            } else if let constant = (value as? [String: Any])?["constant"] {
                fields[key] = .constant(try string(constant, "fields.\(key).constant"))
            } else {
                throw fail("expected a column name or {constant: value} for 'fields.\(key)'")
            }
        }
        for required in ["id", "payee_id", "payee_type", "currency"] where fields[required] == nil {
            throw fail("expected 'fields.\(required)'")
        }
        guard let entryList = root["entries"] as? [[String: Any]], !entryList.isEmpty else {
            throw fail("expected 'entries': a list of {kind, amount}")
        }
        var entries: [EntrySpec] = []
        for (index, item) in entryList.enumerated() {
            let at = "entries[\(index)]"
            let amount = try string(item["amount"], "\(at).amount")
            let sign = Sign(rawValue: try string(item["sign"], "\(at).sign", default: "as-is"))
            guard let sign else { throw fail("expected as-is, negative or positive for '\(at).sign'") }
            let kind: KindRule
            if let fixed = item["kind"] as? String {
                guard let k = EntryKind(rawValue: fixed) else { throw fail("expected a native kind for '\(at).kind', got '\(fixed)'") }
                kind = .fixed(k)
            } else if let rule = item["kind"] as? [String: Any], let column = rule["column"] as? String,
                let values = rule["values"] as? [String: String]
            {
                var map: [String: EntryKind] = [:]
                for (value, name) in values {
                    guard let k = EntryKind(rawValue: name) else { throw fail("expected a native kind in '\(at).kind.values', got '\(name)'") }
                    map[value] = k
                }
                kind = .byColumn(column, map)
            } else {
                throw fail("expected a kind or {column, values} for '\(at).kind'")
            }
            entries.append(EntrySpec(kind: kind, amount: amount, sign: sign))
        }
        try checkDistinctIDs(entries, fail: fail)
        return Mapping(
            name: try string(root["name"], "name", default: "mapping"), delimiter: delimiter,
            skipLines: root["skip_lines"] as? Int ?? 0, decimalSeparator: Character(decimal),
            thousandsSeparator: thousands.first, currencySymbols: root["currency_symbols"] as? [String] ?? [],
            negativeParentheses: root["negative_parentheses"] as? Bool ?? false, timeColumns: timeColumns,
            timeFormat: try string(timestamp["format"], "timestamp.format"), timeZone: zone, fields: fields, entries: entries)
    }

    /// Refuses entries that would give two entries of one row the same id: the first entry a row
    /// makes takes the row's id and later ones `id:kind`, so two fixed entries of one kind collide
    /// whenever an entry before them also makes one (`[earning, fee, fee]`: `T1`, `T1:fee`, `T1:fee`).
    static func checkDistinctIDs(_ entries: [EntrySpec], fail: (String) -> Failure) throws(Failure) {
        for (second, spec) in entries.enumerated() {
            guard case .fixed(let kind) = spec.kind else { continue }
            let earlier = entries.prefix(second).enumerated().dropFirst()
            if let (first, _) = earlier.first(where: { $0.element.kind == .fixed(kind) }) {
                throw fail(
                    "expected a distinct kind for 'entries[\(second)]': entries[\(first)] also makes \(kind.rawValue) entries, "
                        + "so a row with both would give two entries the id 'ID:\(kind.rawValue)'")
            }
        }
    }
}
