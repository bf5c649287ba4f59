/// The native columns as a PostgreSQL table or view holds them, and the query that reads them as native CSV text.
///
/// Columns are found by name, in any order; other columns are ignored and optional ones may be absent, as in a file.
/// Each column's type is checked before any row is read: `occurred_at` a `timestamptz` (or text holding RFC 3339),
/// `amount` a `numeric`, an integer type or text (never a float or `money`: both lose or reshape cents), every other
/// column text, `varchar`, `char` or an enum, the id columns also an integer type or `uuid`. Every value then goes
/// through the native reader's own checks, row by row, exactly as a file's would.
struct LedgerTable: Sendable {
    enum Kind: Sendable {
        case timestamp, amount, text, identifier

        var expected: String {
            switch self {
            case .timestamp: return "timestamp with time zone (timestamptz) or text"
            case .amount: return "numeric, an integer type or text"
            case .text: return "text, varchar, char or an enum"
            case .identifier: return "text, varchar, char, an enum, an integer type or uuid"
            }
        }
    }

    /// The native contract: every column in the order of the native CSV layout.
    static let native: [(name: String, required: Bool, kind: Kind)] = [
        ("id", true, .identifier), ("occurred_at", true, .timestamp), ("payee_id", true, .identifier),
        ("payee_type", true, .text), ("payee_name", false, .text), ("kind", true, .text), ("amount", true, .amount),
        ("currency", true, .text), ("reference", false, .identifier), ("description", false, .text),
        ("payout_id", false, .identifier), ("payout_status", false, .text),
        // Issue 50: a payout's arrival date (text `YYYY-MM-DD`), a job's distance and its unit.
        ("payout_arrival", false, .text), ("distance", false, .amount), ("distance_unit", false, .text),
    ]

    /// A column of the table as the catalog describes it.
    struct Found: Sendable {
        var name: String
        /// `format_type`'s words: `numeric(12,2)`, `double precision`.
        var type: String
        var oid: Int
        /// `pg_type.typtype`: `b` base, `e` enum, `d` domain...
        var typtype: String
    }

    /// The table as SQL names it (quoted where needed, from `regclass`).
    let relation: String
    /// The native columns it has, in native order.
    let columns: [(name: String, kind: Kind, oid: Int)]
    /// Whether `id` alone orders the rows: a valid unique index of the plain `id` column (no predicate, the
    /// column's own collation) that is `NOT NULL` (a primary key is), so that no two rows tie.
    var uniqueID = false

    /// The columns checked against the contract: every problem, in words (`amount: expected numeric, ..., got double
    /// precision`), or the plan.
    static func plan(relation: String, found: [Found], uniqueID: Bool = false) -> Result<LedgerTable, Problems> {
        let byName = Dictionary(found.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var problems: [String] = []
        var columns: [(name: String, kind: Kind, oid: Int)] = []
        for column in native {
            guard let have = byName[column.name] else {
                if column.required {
                    problems.append("\(column.name): expected a column of \(column.kind.expected), got none")
                }
                continue
            }
            if accepts(column.kind, have) {
                columns.append((column.name, column.kind, have.oid))
            } else {
                problems.append("\(column.name): expected \(column.kind.expected), got \(have.type)")
            }
        }
        if !problems.isEmpty { return .failure(Problems(lines: problems)) }
        return .success(LedgerTable(relation: relation, columns: columns, uniqueID: uniqueID))
    }

    struct Problems: Error { var lines: [String] }

    private static let textTypes: Set<Int> = [25, 1043, 1042]  // text, varchar, char
    private static let integerTypes: Set<Int> = [20, 21, 23]  // int8, int2, int4

    private static func accepts(_ kind: Kind, _ column: Found) -> Bool {
        switch kind {
        case .timestamp: return column.oid == 1184 || column.oid == 25 || column.oid == 1043
        case .amount:
            return column.oid == 1700 || integerTypes.contains(column.oid) || column.oid == 25
                || column.oid == 1043
        case .text: return textTypes.contains(column.oid) || column.typtype == "e"
        case .identifier:
            return textTypes.contains(column.oid) || column.typtype == "e" || integerTypes.contains(column.oid)
                || column.oid == 2950
        }
    }

    /// The rows as native CSV, written by PostgreSQL itself: a header line of the columns the table has (in native
    /// order), then every row of ``select`` (NULL as an empty cell, an empty text as `""`).
    var copy: String { "COPY (\(select)) TO STDOUT WITH (FORMAT csv, HEADER true)" }

    /// Every column as text: a `timestamptz` as RFC 3339 in UTC (microseconds only when it has them), everything else
    /// as PostgreSQL writes it (`numeric` keeps its scale: `120.00`); a date BC or an infinite one as PostgreSQL writes
    /// it, for the native reader to refuse. Ordered by `id`, and where `id` may repeat (a view, a table without a
    /// unique key of it) by every column's text too, so that the same rows always give the same bytes (and the same
    /// digest). Where ``uniqueID`` holds, the second part orders nothing and is left out: the server then streams the
    /// rows in the order of its index on `id` without sorting them again (1M rows: about 0.5 s less of its CPU).
    ///
    /// `to_char` is most of the server's cost per row (about 0.8 s of the 2.5 s for 1M rows); the plain text of a
    /// `timestamptz` costs a third of that, but its bytes (`2026-10-01 10:00:00+00`) are not the file's, and a table
    /// gives the same bytes as the CSV its rows came from.
    var select: String {
        let expressions = columns.map { column -> String in
            let name = "t.\"\(column.name)\""
            if column.kind == .timestamp && column.oid == 1184 {
                let utc = "\(name) AT TIME ZONE 'UTC'"
                // A date BC (which `to_char`'s `YYYY` would print as AD) or an infinite one is handed on as
                // PostgreSQL writes it (`2026-10-01 10:00:00+00 BC`, `infinity`): the native reader refuses it,
                // naming the table, the row's id and the column.
                return
                    "CASE WHEN NOT isfinite(\(name)) OR \(name) < '0001-01-01T00:00:00Z'::timestamptz THEN \(name)::text WHEN date_trunc('second', \(name)) = \(name) THEN to_char(\(utc), 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"') ELSE to_char(\(utc), 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"') END AS \"\(column.name)\""
            }
            return "\(name)::text AS \"\(column.name)\""
        }
        let order = ["t.\"id\""] + (uniqueID ? [] : columns.indices.map { String($0 + 1) })
        return
            "SELECT \(expressions.joined(separator: ", ")) FROM \(relation) AS t ORDER BY \(order.joined(separator: ", "))"
    }

    /// Whether the relation (`to_regclass($1)`) has a unique key of `id` alone: one row, `true` or `false`.
    static let uniqueIDQuery = """
        SELECT EXISTS (SELECT 1 FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]
        WHERE i.indrelid = to_regclass($1) AND i.indisunique AND i.indisvalid AND i.indnkeyatts = 1
        AND i.indpred IS NULL AND i.indexprs IS NULL AND a.attname = 'id' AND a.attnotnull
        AND i.indcollation[0] = a.attcollation)::text
        """
}
