import LedgerPressCore

/// Reads any CSV export through a `Mapping` into native entries, one per non-zero amount listed
/// in `entries` (ids: the row's id for the first, `id:kind` for the others).
///
/// A row is first checked against the mapping's `skip` and `keep` filters (a row left out is counted under
/// the filter's name, never silently dropped); then its id, payee, time and amounts are read.
///
/// > Note: two entries of one row never share an id: a row where two `entries` would make the same
/// > derived id (`T1:fee` twice) is refused naming both; `Mapping.parse` already refuses mappings
/// > where fixed kinds make that possible, so only `{column, values}` and by-sign kinds can reach the
/// > per-row check.
public enum MappedImporter {
    public static func read(bytes: [UInt8], file: String, mapping: Mapping, settings: ImportSettings = ImportSettings())
        -> ImportedFile
    {
        var table = CSVTable(file: file, format: .mapped, texts: settings.texts)
        let columns = mapping.columns
        let required = mapping.requiredColumns
        var context = RowContext(mapping: mapping, settings: settings, file: file)
        if mapping.id == .line { context.fileDigest = ContentDigest.hex(bytes) }
        table.result.usedPayeeOption = mapping.fields["payee_id"] == nil
        table.read(
            bytes, delimiter: mapping.delimiter, skippingLines: mapping.skipLines,
            what: "the columns mapping '\(mapping.name)' names",
            required: required.map {
                let key = $0.lowercased().trimmingCharacters(in: .whitespaces)
                return [key] + (mapping.columnAliases[key] ?? [])
            },
            example: required.joined(separator: ","),
            reads: Set(columns.map { $0.lowercased().trimmingCharacters(in: .whitespaces) })
                .union(mapping.columnAliases.values.joined())
        ) { record, header, table in
            context.row(record, header: header, table: &table)
        }
        context.openings.derive(into: &table.result, texts: table.texts)
        return table.result
    }

    /// What reading rows needs beyond one row: the mapping, the settings, and how often each id was seen.
    struct RowContext {
        let mapping: Mapping
        let settings: ImportSettings
        let file: String
        var fileDigest = ""
        /// For `id_scope: row`: how many lines of this file had each id so far.
        var seen: [String: Int] = [:]
        /// For `fields.balance`: the earliest rows of each payee and currency (issue 50).
        var openings = RunningBalanceOpenings()

        init(mapping: Mapping, settings: ImportSettings, file: String) {
            self.mapping = mapping
            self.settings = settings
            self.file = file
        }

        mutating func row(_ record: CSVRecord, header: HeaderMap, table: inout CSVTable) -> [LedgerEntry]? {
            let fields = record.fields
            let line = record.line
            // A copy, so that the cell reader below does not hold `self` while `rowID` changes it.
            let mapping = self.mapping
            // Optional columns the export leaves out that this row read although it has no text for them.
            var unreadable: [String] = []
            func cell(_ column: String) -> String? {
                let key = mapping.headerKey(column, in: header)
                guard header.column(key) == nil,
                    let optional = mapping.optionalColumns[column.lowercased().trimmingCharacters(in: .whitespaces)]
                else {
                    return header.value(key, in: fields)
                }
                guard let fallback = optional.fallback else {
                    if !unreadable.contains(optional.name) { unreadable.append(optional.name) }
                    return nil
                }
                return fallback.isEmpty ? nil : fallback
            }
            defer {
                for name in unreadable {
                    table.problem(
                        line, name,
                        "a column '\(name)' in the export (the mapping reads it on every row and gives it no default)",
                        "no such column")
                }
            }
            // Filters first: a row left out is not read any further.
            if let filter = mapping.skip.first(where: { $0.matches(cell($0.column)) }) {
                table.skip("by \(filter.label): \(filter.condition)")
                return nil
            }
            if let filter = mapping.keep.first(where: { !$0.matches(cell($0.column)) }) {
                table.skip("by \(filter.label): only \(filter.condition)")
                return nil
            }
            // A kind rule that skips values it does not know.
            for spec in mapping.entries {
                guard case .byColumn(let column, let values, otherwise: .skip) = spec.kind else { continue }
                let (text, choice) = Self.lookup(column, values, cell: cell)
                if choice == nil {
                    table.skip("with \(column) '\(text)', which no rule names")
                    return nil
                }
            }
            func problem(_ field: String, _ expected: String, _ found: String) {
                table.problem(line, field, expected, found)
            }
            // An optional column the export leaves out that this row needs (a refund row without the refund's amount).
            for optional in mapping.optionalColumns.values.sorted(by: { $0.name < $1.name }) {
                guard let test = optional.neededWhen,
                    header.column(mapping.headerKey(optional.name, in: header)) == nil,
                    test.matches(cell(test.column))
                else { continue }
                let value = (cell(test.column) ?? "").trimmingCharacters(in: .whitespaces)
                problem(
                    optional.name,
                    "a column '\(optional.name)' in the export (a row with \(test.column) '\(value)' needs it)",
                    "no such column")
            }
            func value(_ native: String) -> (text: String?, label: String) {
                switch mapping.fields[native] {
                case .column(let name)?: return (cell(name), name)
                case .constant(let text)?: return (text, native)
                case nil: return (nil, native)
                }
            }
            let id = rowID(line: line, cell: cell, problem: problem)
            var payee = value("payee_id")
            if mapping.fields["payee_id"] == nil {
                payee = (settings.payee(forFile: file), "--payee")
                if payee.text == nil {
                    problem(
                        "payee_id", "the account this export belongs to (--payee ACCOUNT or --payee FILE=ACCOUNT)",
                        "none")
                }
            } else if payee.text == nil {
                problem(payee.label, "a value", "")
            }
            var payeeType: PayeeType?
            if mapping.fields["payee_type"] == nil {
                if let account = payee.text { payeeType = settings.payeeType(for: account, line: line, table: &table) }
            } else {
                let typeValue = value("payee_type")
                payeeType = typeValue.text.flatMap {
                    PayeeType(rawValue: $0.trimmingCharacters(in: .whitespaces).lowercased())
                }
                if payeeType == nil { problem(typeValue.label, "driver or merchant", typeValue.text ?? "") }
            }
            let currencyValue = value("currency")
            let rowCurrency = currencyValue.text.flatMap { Currency(code: $0.trimmingCharacters(in: .whitespaces)) }
            if rowCurrency == nil {
                problem(currencyValue.label, "an ISO 4217 currency code", currencyValue.text ?? "")
            }
            let occurredAt = time(cell: cell, problem: problem)
            var status: PayoutStatus?
            let statusValue = value("payout_status")
            if let text = statusValue.text {
                let word = text.trimmingCharacters(in: .whitespaces).lowercased().replacingOccurrences(
                    of: " ", with: "_")
                status = word == "scheduled" ? .pending : StripeMovement.payoutStatus(word)
                if status == nil {
                    problem(
                        statusValue.label, "pending (scheduled), processing (in transit), paid or failed (canceled)",
                        text)
                }
            }
            for name in ["payee_id", "payee_name", "reference", "description", "payout_id"] {
                let field = value(name)
                let rule = NativeLedgerImporter.textFields.first { $0.0 == name }?.1 ?? .identifier
                table.check(field.text, rule, line: line, field: field.label)
            }
            if let id { table.check(id, .identifier, line: line, field: "id") }
            // A value no rule names is an error even where the amount is empty: it is how a row whose fields
            // slid over by one (a stray delimiter in a text field) shows itself.
            var checkedColumns: Set<String> = []
            for spec in mapping.entries {
                guard case .byColumn(let column, let values, .error) = spec.kind,
                    checkedColumns.insert(column.lowercased()).inserted
                else {
                    continue
                }
                let (text, choice) = Self.lookup(column, values, cell: cell)
                if choice == nil {
                    problem(
                        column,
                        "one of " + values.keys.sorted().joined(separator: ", ")
                            + " (or an 'otherwise' in the mapping)", text)
                }
            }
            // Issue 50: the payout's arrival date and the job's distance, for the row's payout and earning entries.
            let arrivalValue = value("payout_arrival")
            var arrival: CivilDate?
            if let text = arrivalValue.text?.trimmingCharacters(in: .whitespaces), !text.isEmpty {
                arrival = MappedImporter.arrivalDate(text)
                if arrival == nil {
                    problem(arrivalValue.label, "a date such as 2026-11-16 (YYYY-MM-DD)", text)
                }
            }
            let distanceValue = value("distance")
            let unitValue = value("distance_unit")
            var distance: Distance?
            let distanceText = distanceValue.text?.trimmingCharacters(in: .whitespaces) ?? ""
            if !distanceText.isEmpty {
                let unitText = unitValue.text?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
                if let thousandths = Distance.thousandths(distanceText) {
                    if let unit = DistanceUnit(rawValue: unitText) {
                        distance = Distance(thousandths: thousandths, unit: unit)
                    } else {
                        problem(unitValue.label, "km or mi", unitText)
                    }
                } else {
                    problem(distanceValue.label, Distance.expectation, distanceText)
                }
            }
            var made: [LedgerEntry] = []
            // Which mapping entry made each id, so two entries of the row never share one.
            var madeBy: [String: Int] = [:]
            for (index, spec) in mapping.entries.enumerated() {
                var currency = rowCurrency
                if let column = spec.currency {
                    let text = (cell(column) ?? "").trimmingCharacters(in: .whitespaces)
                    currency = Currency(code: text)
                    if currency == nil && !(cell(spec.amount) ?? "").isEmpty {
                        problem(column, "an ISO 4217 currency code", text)
                    }
                }
                let text = cell(spec.amount) ?? ""
                guard let currency, !text.isEmpty else { continue }
                var minor: Int64
                switch MappedAmount.parse(text, mapping: mapping, currency: currency) {
                case .success(let value): minor = value
                case .failure(let failure):
                    problem(
                        spec.amount,
                        MappedAmount.expectation(failure, text: text, mapping: mapping, currency: currency), text)
                    continue
                }
                // Flip the sign when the mapping says so (checked: the parser bounds amounts anyway); kinds by sign
                // then see the amount as the payee's entry will carry it.
                if (spec.sign == .negative && minor > 0) || (spec.sign == .positive && minor < 0)
                    || spec.sign == .inverted
                {
                    guard let flipped = try? MinorUnits.negate(minor, total: spec.amount) else {
                        problem(spec.amount, AmountParser.limitExpectation(currency), text)
                        continue
                    }
                    minor = flipped
                }
                guard let kind = kind(spec, minor: minor, cell: cell) else { continue }
                if minor == 0 { continue }
                guard let idText = id, let payeeID = payee.text, let payeeType, let occurredAt else { continue }
                let entryID = made.isEmpty ? idText : idText + ":" + kind.rawValue
                if let earlier = madeBy[entryID] {
                    problem(
                        "entries[\(index)]",
                        "a distinct id for each entry of a row (entries[\(earlier)] and entries[\(index)] both make a \(kind.rawValue) entry)",
                        entryID)
                    continue
                }
                madeBy[entryID] = index
                made.append(
                    LedgerEntry(
                        id: entryID, occurredAt: occurredAt, payeeID: payeeID,
                        payeeType: payeeType, payeeName: value("payee_name").text, kind: kind,
                        amount: Money(minorUnits: minor, currency: currency), reference: value("reference").text,
                        description: value("description").text, payoutID: value("payout_id").text, payoutStatus: status,
                        payoutArrival: kind == .payout ? arrival : nil,
                        distance: kind == .earning && !made.contains { $0.kind == .earning } ? distance : nil,
                        source: SourceLocation(file: table.file, line: line), texts: table.texts))
            }
            let balanceValue = value("balance")
            if let text = balanceValue.text?.trimmingCharacters(in: .whitespaces), !text.isEmpty, let rowCurrency,
                let first = made.first
            {
                switch MappedAmount.parse(text, mapping: mapping, currency: rowCurrency) {
                case .success(let balance):
                    let net = made.reduce(Int64(0)) {
                        $0 &+ ($1.amount.currency == rowCurrency ? $1.amount.minorUnits : 0)
                    }
                    openings.add(row: first, currency: rowCurrency, balance: balance, net: net)
                case .failure(let failure):
                    problem(
                        balanceValue.label,
                        MappedAmount.expectation(failure, text: text, mapping: mapping, currency: rowCurrency), text)
                }
            }
            // Counted as skipped only when the row had no problem (``CSVTable`` rejects it otherwise).
            if made.isEmpty {
                table.skip("with no non-zero amount")
                return nil
            }
            return made
        }

        /// The row's id by the mapping's rule (and `id_scope`), or nil after reporting why not.
        mutating func rowID(line: Int, cell: (String) -> String?, problem: (String, String, String) -> Void) -> String?
        {
            var id: String
            switch mapping.id {
            case .line:
                return "\(fileDigest)-L\(line)"
            case .column(let column):
                guard let text = cell(column)?.trimmingCharacters(in: .whitespaces),
                    !text.isEmpty
                else {
                    problem(column, "a value (the row's id)", "")
                    return nil
                }
                id = text
            case .columns(let columns):
                // Empty parts stay empty (a Shopify fee row has no checkout); at least one must have a value.
                let parts = columns.map { cell($0)?.trimmingCharacters(in: .whitespaces) ?? "" }
                guard parts.contains(where: { !$0.isEmpty }) else {
                    problem(columns.joined(separator: "+"), "a value in at least one of the id's columns", "")
                    return nil
                }
                id = parts.joined(separator: "/")
            }
            if mapping.idScope == .row {
                let count = seen[id, default: 0] + 1
                seen[id] = count
                id += "#\(count)"
            }
            return id
        }

        /// The row's time: its columns joined with a space, by the pattern, in the row's zone.
        func time(cell: (String) -> String?, problem: (String, String, String) -> Void) -> Timestamp? {
            let label = mapping.timeColumns.joined(separator: "+")
            let text = mapping.timeColumns.map { cell($0) ?? "" }.joined(separator: " ")
            let zone: RowZone
            switch mapping.timeZone {
            case .fixed(let clock): zone = .clock(clock)
            case .column(let column, let names, let fallback):
                let name = cell(column) ?? ""
                if let found = names.resolve(name) {
                    zone = found
                } else if name.trimmingCharacters(in: .whitespaces).isEmpty, let fallback {
                    zone = .clock(fallback)
                } else {
                    problem(
                        column,
                        "a time zone (an IANA name, an abbreviation such as PDT, or a name in the mapping's timestamp.timezone.names)",
                        name)
                    return nil
                }
            }
            switch LocalTimePattern.parse(text, format: mapping.timeFormat, zone: zone) {
            case .success(let time): return time
            case .failure(.yearOutOfRange): problem(label, CivilDate.supportedYearsText, text)
            case .failure(.leapSecond): problem(label, TimestampFailure.leapSecondText, text)
            case .failure(.malformed): problem(label, "a time in the format '\(mapping.timeFormat)'", text)
            }
            return nil
        }

        /// The entry's kind for this amount, or nil for a value no rule names (reported before).
        func kind(_ spec: Mapping.EntrySpec, minor: Int64, cell: (String) -> String?) -> EntryKind? {
            switch spec.kind {
            case .choice(let choice): return choice.kind(for: minor)
            case .byColumn(let column, let values, let otherwise):
                if let choice = Self.lookup(column, values, cell: cell).choice { return choice.kind(for: minor) }
                if case .kind(let choice) = otherwise { return choice.kind(for: minor) }
                return nil  // reported once per row, before the entries are made
            }
        }

        /// A kind column's value as the row has it (trimmed), and the rule that names it (any case), if any.
        static func lookup(
            _ column: String, _ values: [String: Mapping.KindChoice], cell: (String) -> String?
        ) -> (text: String, choice: Mapping.KindChoice?) {
            let text = (cell(column) ?? "").trimmingCharacters(in: .whitespaces)
            return (text, values[text.lowercased()])
        }
    }
}
