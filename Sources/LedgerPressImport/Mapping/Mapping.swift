import LedgerPressCore

/// A mapping file (YAML) that tells how to read any other CSV export into native entries.
///
/// Schema (every key documented in docs/inputs.md, "Mapping files"): `name`, `delimiter`, `skip_lines`,
/// `decimal_separator`, `thousands_separator`, `currency_symbols`, `negative_parentheses`, `skip`, `keep`,
/// `id_scope`, `optional_columns`, `timestamp {columns, format, timezone}`, `fields {native field: column,
/// {constant: value}, and for id {columns: [...]} or {from: line}}`, `entries [{kind, amount, sign, currency}]`.
/// Parsing and its checks are in `Mapping+Parse.swift`.
public struct Mapping: Sendable {
    /// Where a native field's value comes from: a column of the export, or one text for every row.
    public enum Source: Sendable, Equatable {
        case column(String)
        case constant(String)
    }

    /// Where a row's id comes from.
    public enum IDRule: Sendable, Equatable {
        case column(String)
        /// Several columns' values joined with `/` (`Order` + `Transaction Date`).
        case columns([String])
        /// The file's content digest and the row's line: for exports without any per-row id.
        case line
    }

    /// Whether an id names one entry everywhere (`global`: a repeat in any file counts once) or one line of
    /// this export (`row`: an order-level id on item lines; each line is its own entry, numbered by how often
    /// the id was seen before in the file, so the same file read again still counts once).
    public enum IDScope: String, Sendable {
        case global, row
    }

    /// A kind, or one kind for positive amounts and another for negative ones.
    public enum KindChoice: Sendable, Equatable {
        case fixed(EntryKind)
        case bySign(positive: EntryKind, negative: EntryKind)

        func kind(for minor: Int64) -> EntryKind {
            switch self {
            case .fixed(let kind): return kind
            case .bySign(let positive, let negative): return minor < 0 ? negative : positive
            }
        }
    }

    /// How an entry's kind is decided: one choice for every row, or by a column's value.
    public enum KindRule: Sendable, Equatable {
        case choice(KindChoice)
        /// By a column's value (trimmed, any case), and what a value no rule names does.
        case byColumn(String, [String: KindChoice], otherwise: Otherwise)
    }

    /// What a value that no `values` rule names does: reject the row, skip it (counted), or take a kind.
    public enum Otherwise: Sendable, Equatable {
        case error
        case skip
        case kind(KindChoice)
    }

    /// `negative`/`positive`: the sign the amount must have (flipped when it has the other); `inverted`: always
    /// flipped (an export that writes costs as positive numbers, `Net = Amount - Fee`).
    public enum Sign: String, Sendable {
        case asIs = "as-is", negative, positive, inverted
    }

    /// One entry a row makes (`entries[]`): its kind, the amount's column, its sign rule and currency column.
    public struct EntrySpec: Sendable {
        var kind: KindRule
        var amount: String
        var sign: Sign
        /// This entry's currency column, when it is not the row's (Stripe's fee in the converted currency).
        var currency: String?
    }

    /// A row filter: `skip` rules leave out the rows they match, `keep` rules the rows they do not.
    public struct RowFilter: Sendable, Equatable {
        /// What a filter checks a column's value for (trimmed, any case).
        public enum Test: Sendable, Equatable {
            case equals(String)
            case isIn([String])
            case notIn([String])
            case empty(Bool)
        }

        var column: String
        var test: Test
        /// `skip[0]` or `keep[1]`, for the reason rows are counted under.
        var label: String

        /// Whether the cell (nil when empty or absent) passes the test: trimmed, any case.
        func matches(_ cell: String?) -> Bool {
            let value = (cell ?? "").trimmingCharacters(in: .whitespaces).lowercased()
            switch test {
            case .equals(let text): return value == text.trimmingCharacters(in: .whitespaces).lowercased()
            case .isIn(let list): return list.contains { $0.trimmingCharacters(in: .whitespaces).lowercased() == value }
            case .notIn(let list):
                return !list.contains { $0.trimmingCharacters(in: .whitespaces).lowercased() == value }
            case .empty(let wanted): return value.isEmpty == wanted
            }
        }

        /// `Balance Impact equals Memo`, `Status in Pending, Denied`.
        var condition: String {
            switch test {
            case .equals(let text): return "\(column) equals \(text)"
            case .isIn(let list): return "\(column) in \(list.joined(separator: ", "))"
            case .notIn(let list): return "\(column) not in \(list.joined(separator: ", "))"
            case .empty(let wanted): return "\(column) \(wanted ? "empty" : "not empty")"
            }
        }
    }

    /// A column an export may leave out (`optional_columns`): what a row reads in its place, and which rows
    /// cannot be read without it.
    public struct OptionalColumn: Sendable, Equatable {
        /// The column as the mapping names it.
        var name: String
        /// The text every row reads when the column is absent; nil: a row that reads it is refused.
        var fallback: String?
        /// Rows matching this test need the real column: without it they are refused, naming it.
        var neededWhen: RowFilter?
    }

    /// The zone of times written without an offset: one for the file, or a column's per row.
    enum TimeZoneRule: Sendable {
        case fixed(ZoneClock)
        /// A column naming each row's zone, the names it may hold, and the zone of rows where it is empty.
        case column(String, ZoneNames, fallback: ZoneClock?)
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
    var timeZone: TimeZoneRule
    var fields: [String: Source]
    var id: IDRule
    var idScope: IDScope
    var skip: [RowFilter]
    var keep: [RowFilter]
    var entries: [EntrySpec]
    /// Columns the export may leave out, keyed trimmed and lowercased (as ``HeaderMap`` keys them).
    var optionalColumns: [String: OptionalColumn] = [:]
    /// Other names a column may have in the export (`column_aliases`), tried in order when the header lacks the
    /// name the mapping uses; keyed trimmed and lowercased, the aliases too.
    var columnAliases: [String: [String]] = [:]

    /// The header key a column the mapping names has in this header: its own, else its first alias there.
    func headerKey(_ column: String, in header: HeaderMap) -> String {
        let key = column.lowercased().trimmingCharacters(in: .whitespaces)
        if header.column(key) != nil { return key }
        return columnAliases[key]?.first { header.column($0) != nil } ?? key
    }

    /// Native fields a mapping may fill; `id` and `currency` are required, `payee_id` and `payee_type` come
    /// from `--payee` and the payees file (or `--payee-type`) when the mapping leaves them out.
    static let fieldNames = [
        "id", "payee_id", "payee_type", "payee_name", "currency", "reference", "description", "payout_id",
        "payout_status", "payout_arrival", "distance", "distance_unit", "balance",
    ]

    /// A mapping file that cannot be used: the file, the problem and its line when known.
    public struct Failure: Error, CustomStringConvertible {
        public var file: String
        public var message: String
        /// The 1-based line of the mapping file the problem is on, when one is known.
        public var line: Int? = nil
        public var description: String {
            "\(file)\(line.map { ":\($0)" } ?? ""): error: mapping: \(message)"
        }
    }

    /// The columns the header must have: every column the mapping reads but those it marks optional.
    var requiredColumns: [String] {
        columns.filter { optionalColumns[$0.trimmingCharacters(in: .whitespaces).lowercased()] == nil }
    }

    /// Every column the mapping reads (for the header check).
    var columns: [String] {
        var names = timeColumns + entries.map(\.amount) + entries.compactMap(\.currency)
        for case .column(let name) in fields.values { names.append(name) }
        switch id {
        case .column(let name): names.append(name)
        case .columns(let list): names += list
        case .line: break
        }
        for spec in entries { if case .byColumn(let name, _, _) = spec.kind { names.append(name) } }
        if case .column(let name, _, _) = timeZone { names.append(name) }
        names += (skip + keep).map(\.column)
        names += optionalColumns.values.sorted { $0.name < $1.name }.compactMap(\.neededWhen?.column)
        var seen: Set<String> = []
        return names.filter { seen.insert($0.lowercased()).inserted }
    }
}
