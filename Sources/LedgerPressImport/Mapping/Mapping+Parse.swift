import LedgerPressCore

extension Mapping {
    static let knownKeys: Set<String> = [
        "name", "delimiter", "skip_lines", "decimal_separator", "thousands_separator", "currency_symbols",
        "negative_parentheses",
        "timestamp", "fields", "entries", "skip", "keep", "id_scope", "optional_columns", "column_aliases",
    ]

    /// Parses and checks a mapping file's text.
    public static func parse(_ text: String, file: String) throws(Failure) -> Mapping {
        let tree = try loadYAML(text, file: file)
        let reader = Reader(file: file, lines: tree.lines, quoted: tree.quoted)
        guard let root = tree.root as? [String: Any] else {
            throw reader.fail("expected a YAML mapping at the top")
        }
        if let unknown = root.keys.sorted().first(where: { !knownKeys.contains($0) }) {
            throw reader.fail("unknown key '\(unknown)'")
        }
        let delimiterText = try reader.string(root["delimiter"], "delimiter", default: ",")
        let delimiter = delimiterText == "\\t" ? "\t" : delimiterText
        guard delimiter.utf8.count == 1, let delimiterByte = delimiter.utf8.first else {
            throw reader.fail("expected one character for 'delimiter', got '\(delimiterText)'")
        }
        let decimal = try reader.string(root["decimal_separator"], "decimal_separator", default: ".")
        guard decimal == "." || decimal == "," else {
            throw reader.fail("expected '.' or ',' for 'decimal_separator', got '\(decimal)'")
        }
        let thousands = try reader.string(root["thousands_separator"], "thousands_separator", default: "")
        guard thousands.count <= 1, thousands != decimal else {
            throw reader.fail("expected one character other than the decimal separator for 'thousands_separator'")
        }
        guard let timestamp = root["timestamp"] as? [String: Any] else {
            throw reader.fail("expected 'timestamp' with columns, format and timezone")
        }
        if let unknown = timestamp.keys.sorted().first(where: { !["columns", "format", "timezone"].contains($0) }) {
            throw reader.fail("unknown key 'timestamp.\(unknown)'")
        }
        let timeColumns: [String]
        if let one = timestamp["columns"] as? String {
            timeColumns = [one]
        } else if let many = timestamp["columns"] as? [String], !many.isEmpty {
            timeColumns = many
        } else {
            throw reader.fail("expected 'timestamp.columns': a column name or a list of them")
        }
        let timeZone = try reader.timeZone(timestamp["timezone"])
        guard let fieldMap = root["fields"] as? [String: Any] else { throw reader.fail("expected 'fields'") }
        var fields: [String: Source] = [:]
        var id: IDRule?
        for (key, value) in fieldMap.sorted(by: { $0.key < $1.key }) {
            guard fieldNames.contains(key) else {
                throw reader.fail(
                    "unknown native field '\(key)' in 'fields' (known: \(fieldNames.joined(separator: ", ")))")
            }
            if key == "id" {
                id = try reader.idRule(value)
            } else if let column = value as? String {
                fields[key] = .column(column)
            } else if let constant = (value as? [String: Any])?["constant"] {
                fields[key] = .constant(try reader.string(constant, "fields.\(key).constant"))
            } else if let column = (value as? [String: Any])?["column"] as? String {
                fields[key] = .column(column)
            } else {
                throw reader.fail("expected a column name or {constant: value} for 'fields.\(key)'")
            }
        }
        guard let id else { throw reader.fail("expected 'fields.id': a column, {columns: [...]} or {from: line}") }
        if fields["currency"] == nil { throw reader.fail("expected 'fields.currency'") }
        let scopeText = try reader.string(root["id_scope"], "id_scope", default: "global")
        guard let idScope = IDScope(rawValue: scopeText) else {
            throw reader.fail("expected global or row for 'id_scope', got '\(scopeText)'")
        }
        guard let entryList = root["entries"] as? [[String: Any]], !entryList.isEmpty else {
            throw reader.fail("expected 'entries': a list of {kind, amount}")
        }
        var entries: [EntrySpec] = []
        for (index, item) in entryList.enumerated() {
            let at = "entries[\(index)]"
            if let unknown = item.keys.sorted().first(where: { !["kind", "amount", "sign", "currency"].contains($0) }) {
                throw reader.fail("unknown key '\(at).\(unknown)'")
            }
            let amount = try reader.string(item["amount"], "\(at).amount")
            guard let sign = Sign(rawValue: try reader.string(item["sign"], "\(at).sign", default: "as-is")) else {
                throw reader.fail("expected as-is, negative, positive or inverted for '\(at).sign'")
            }
            let currency = try item["currency"].map { value throws(Failure) in
                try reader.string(value, "\(at).currency")
            }
            entries.append(
                EntrySpec(
                    kind: try reader.kindRule(item["kind"], at: at), amount: amount, sign: sign, currency: currency))
        }
        try checkDistinctIDs(entries, fail: reader.fail)
        var mapping = Mapping(
            name: try reader.string(root["name"], "name", default: "mapping"), delimiter: delimiterByte,
            skipLines: try reader.wholeNumber(root["skip_lines"], "skip_lines", in: 0...1000, default: 0),
            decimalSeparator: Character(decimal), thousandsSeparator: thousands.first,
            currencySymbols: try reader.textList(root["currency_symbols"], "currency_symbols"),
            negativeParentheses: try reader.flag(root["negative_parentheses"], "negative_parentheses", default: false),
            timeColumns: timeColumns,
            timeFormat: try reader.string(timestamp["format"], "timestamp.format"), timeZone: timeZone, fields: fields,
            id: id,
            idScope: idScope, skip: try reader.filters(root["skip"], "skip"),
            keep: try reader.filters(root["keep"], "keep"),
            entries: entries)
        mapping.optionalColumns = try reader.optionalColumns(root["optional_columns"])
        mapping.columnAliases = try reader.columnAliases(root["column_aliases"])
        return mapping
    }

    /// Refuses entries that would give two entries of one row the same id: the first entry a row
    /// makes takes the row's id and later ones `id:kind`, so two fixed entries of one kind collide
    /// whenever an entry before them also makes one (`[earning, fee, fee]`: `T1`, `T1:fee`, `T1:fee`).
    static func checkDistinctIDs(_ entries: [EntrySpec], fail: (String) -> Failure) throws(Failure) {
        for (second, spec) in entries.enumerated() {
            guard case .choice(.fixed(let kind)) = spec.kind else { continue }
            let earlier = entries.prefix(second).enumerated().dropFirst()
            if let (first, _) = earlier.first(where: { $0.element.kind == .choice(.fixed(kind)) }) {
                throw fail(
                    "expected a distinct kind for 'entries[\(second)]': entries[\(first)] also makes \(kind.rawValue) entries, "
                        + "so a row with both would give two entries the id 'ID:\(kind.rawValue)'")
            }
        }
    }

    /// Reads the parts of a mapping file, each failure naming the file and the key.
    struct Reader {
        let file: String
        /// The line of each key by its path, and the paths of quoted values (``YAMLTree``).
        var lines: [String: Int] = [:]
        var quoted: Set<String> = []

        func fail(_ message: String) -> Failure { Failure(file: file, message: message) }

        func string(_ value: Any?, _ key: String, default fallback: String? = nil) throws(Failure) -> String {
            if let text = value as? String { return text }
            // A number or date is text as written (`0012`, not 10).
            if let plain = value as? YAMLTree.Plain, !plain.isNull { return plain.text }
            if value == nil, let fallback { return fallback }
            throw fail("expected text for '\(key)'")
        }

        func strings(_ value: Any?, _ key: String) throws(Failure) -> [String] {
            if let list = value as? [Any] {
                var texts: [String] = []
                for item in list { texts.append(try string(item, key)) }
                return texts
            }
            return [try string(value, key)]
        }

        func kind(_ name: String, _ key: String) throws(Failure) -> EntryKind {
            guard let kind = EntryKind(rawValue: name) else {
                throw fail(
                    "expected a native kind for '\(key)' (\(EntryKind.allCases.map(\.rawValue).joined(separator: ", "))), got '\(name)'"
                )
            }
            return kind
        }

        /// `earning`, or `{positive: earning, negative: fee}`.
        func choice(_ value: Any?, _ key: String) throws(Failure) -> KindChoice {
            if let name = value as? String { return .fixed(try kind(name, key)) }
            if let bySign = value as? [String: Any], bySign.count == 2, let positive = bySign["positive"] as? String,
                let negative = bySign["negative"] as? String
            {
                return .bySign(
                    positive: try kind(positive, "\(key).positive"), negative: try kind(negative, "\(key).negative"))
            }
            throw fail("expected a native kind or {positive: kind, negative: kind} for '\(key)'")
        }

        /// `earning`; `{sign: {positive, negative}}`; `{column, values, otherwise}`.
        func kindRule(_ value: Any?, at: String) throws(Failure) -> KindRule {
            let key = "\(at).kind"
            if let name = value as? String { return .choice(.fixed(try kind(name, key))) }
            guard let rule = value as? [String: Any] else {
                throw fail("expected a kind, {sign: ...} or {column, values} for '\(key)'")
            }
            if let bySign = rule["sign"] {
                guard rule.count == 1 else { throw fail("expected only 'sign' in '\(key)'") }
                return .choice(try choice(bySign, "\(key).sign"))
            }
            guard let column = rule["column"] as? String, let values = rule["values"] as? [String: Any] else {
                throw fail("expected a kind, {sign: {positive: kind, negative: kind}} or {column, values} for '\(key)'")
            }
            if let unknown = rule.keys.sorted().first(where: { !["column", "values", "otherwise"].contains($0) }) {
                throw fail("unknown key '\(key).\(unknown)'")
            }
            let otherwise: Otherwise
            switch rule["otherwise"] {
            case nil, "error" as String: otherwise = .error
            case "skip" as String: otherwise = .skip
            case let value?:
                do {
                    otherwise = .kind(try choice(value, "\(key).otherwise"))
                } catch {
                    throw fail(
                        "expected error, skip, a native kind or {positive: kind, negative: kind} for '\(key).otherwise'"
                    )
                }
            }
            var map: [String: KindChoice] = [:]
            for (text, choiceValue) in values.sorted(by: { $0.key < $1.key }) {
                let normal = text.trimmingCharacters(in: .whitespaces).lowercased()
                if map[normal] != nil {
                    throw fail("expected each value once in '\(key).values' (any case), got '\(text)' twice")
                }
                map[normal] = try choice(choiceValue, "\(key).values.\(text)")
            }
            return .byColumn(column, map, otherwise: otherwise)
        }

        /// `Transaction ID`, `{column: X}`, `{columns: [A, B]}` or `{from: line}`.
        func idRule(_ value: Any?) throws(Failure) -> IDRule {
            if let column = value as? String { return .column(column) }
            if let rule = value as? [String: Any], rule.count == 1 {
                if let column = rule["column"] as? String { return .column(column) }
                if let columns = rule["columns"] as? [String], !columns.isEmpty { return .columns(columns) }
                if rule["from"] as? String == "line" { return .line }
            }
            throw fail("expected a column, {columns: [A, B]} or {from: line} for 'fields.id'")
        }

        /// `America/Denver`, or `{column: TimeZone, names: {PDT: America/Los_Angeles}, default: America/Los_Angeles}`.
        func timeZone(_ value: Any?) throws(Failure) -> TimeZoneRule {
            if value == nil { return .fixed(.utc) }
            if let name = value as? String {
                guard let zone = ZoneClock(identifier: name) else {
                    throw fail("expected an IANA zone for 'timestamp.timezone', got '\(name)'")
                }
                return .fixed(zone)
            }
            guard let rule = value as? [String: Any], let column = rule["column"] as? String else {
                throw fail("expected an IANA zone or {column, names, default} for 'timestamp.timezone'")
            }
            if let unknown = rule.keys.sorted().first(where: { !["column", "names", "default"].contains($0) }) {
                throw fail("unknown key 'timestamp.timezone.\(unknown)'")
            }
            var own: [String: RowZone] = [:]
            if let names = rule["names"] {
                guard let table = names as? [String: Any] else {
                    throw fail("expected {name: zone} for 'timestamp.timezone.names'")
                }
                for (name, zoneValue) in table {
                    let text = try string(zoneValue, "timestamp.timezone.names.\(name)")
                    guard let zone = ZoneNames.value(text) else {
                        throw fail(
                            "expected an IANA zone or an offset such as -07:00 for 'timestamp.timezone.names.\(name)', got '\(text)'"
                        )
                    }
                    own[name.trimmingCharacters(in: .whitespaces).lowercased()] = zone
                }
            }
            var fallback: ZoneClock?
            if let name = rule["default"] {
                let text = try string(name, "timestamp.timezone.default")
                guard let zone = ZoneClock(identifier: text) else {
                    throw fail("expected an IANA zone for 'timestamp.timezone.default', got '\(text)'")
                }
                fallback = zone
            }
            return .column(column, ZoneNames(own: own), fallback: fallback)
        }

        /// `{Invoice Number: "", Amount Refunded: {default: "0", needed_when: {column: Status, equals: Refunded}},
        /// Memo: ~}`: each column with the text rows read in its place (none: `~` or `{}`) and the rows that need it.
        func optionalColumns(_ value: Any?) throws(Failure) -> [String: OptionalColumn] {
            guard let value else { return [:] }
            guard let table = value as? [String: Any] else {
                throw fail("expected {column: default} for 'optional_columns'")
            }
            var columns: [String: OptionalColumn] = [:]
            for (name, rule) in table.sorted(by: { $0.key < $1.key }) {
                let key = name.trimmingCharacters(in: .whitespaces).lowercased()
                let at = "optional_columns.\(name)"
                if columns[key] != nil {
                    throw fail("expected each column once in 'optional_columns' (any case), got '\(name)' twice")
                }
                var column = OptionalColumn(name: name, fallback: nil, neededWhen: nil)
                switch rule {
                case let plain as YAMLTree.Plain where plain.isNull: break
                case let settings as [String: Any]:
                    if let unknown = settings.keys.sorted().first(where: { !["default", "needed_when"].contains($0) }) {
                        throw fail("unknown key '\(at).\(unknown)'")
                    }
                    if let test = settings["needed_when"] {
                        guard let filter = try filters([test], "\(at).needed_when").first else {
                            throw fail("expected {column, equals|in|not_in|empty} for '\(at).needed_when'")
                        }
                        column.neededWhen = filter
                        column.fallback = ""
                    }
                    if let fallback = settings["default"] { column.fallback = try string(fallback, "\(at).default") }
                default: column.fallback = try string(rule, at)
                }
                columns[key] = column
            }
            return columns
        }

        /// `{Fee: [Commission, Tarifa]}`: other names each column may have in an export.
        func columnAliases(_ value: Any?) throws(Failure) -> [String: [String]] {
            guard let value else { return [:] }
            guard let table = value as? [String: Any] else {
                throw fail("expected {column: [other names]} for 'column_aliases'")
            }
            var aliases: [String: [String]] = [:]
            for (name, list) in table.sorted(by: { $0.key < $1.key }) {
                let key = name.trimmingCharacters(in: .whitespaces).lowercased()
                if aliases[key] != nil {
                    throw fail("expected each column once in 'column_aliases' (any case), got '\(name)' twice")
                }
                aliases[key] = try strings(list, "column_aliases.\(name)").map {
                    $0.trimmingCharacters(in: .whitespaces).lowercased()
                }
            }
            return aliases
        }

        /// A list of `{column, equals | in | not_in | empty}`.
        func filters(_ value: Any?, _ key: String) throws(Failure) -> [RowFilter] {
            guard let value else { return [] }
            guard let list = value as? [[String: Any]] else {
                throw fail("expected a list of {column, equals|in|not_in|empty} for '\(key)'")
            }
            var filters: [RowFilter] = []
            for (index, item) in list.enumerated() {
                let at = "\(key)[\(index)]"
                guard let column = item["column"] as? String, item.count == 2 else {
                    throw fail("expected {column: NAME} and one of equals, in, not_in, empty for '\(at)'")
                }
                let test: RowFilter.Test
                if let text = item["equals"] {
                    test = .equals(try string(text, "\(at).equals"))
                } else if let list = item["in"] {
                    test = .isIn(try strings(list, "\(at).in"))
                } else if let list = item["not_in"] {
                    test = .notIn(try strings(list, "\(at).not_in"))
                } else if let wanted = item["empty"] as? Bool {
                    test = .empty(wanted)
                } else {
                    throw fail("expected one of equals, in, not_in or empty (true/false) for '\(at)'")
                }
                filters.append(RowFilter(column: column, test: test, label: at))
            }
            return filters
        }
    }
}
