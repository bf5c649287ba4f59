import LedgerPressCore

/// Reads any CSV export through a `Mapping` into native entries, one per non-zero amount listed
/// in `entries` (ids: the row's id for the first, `id:kind` for the others).
///
/// > Note: two entries of one row never share an id: a row where two `entries` would make the same
/// > derived id (`T1:fee` twice) is refused naming both; `Mapping.parse` already refuses mappings
/// > where fixed kinds make that possible, so only `{column, values}` kinds can reach the per-row check.
public enum MappedImporter {
    public static func read(bytes: [UInt8], file: String, mapping: Mapping) -> ImportedFile {
        var table = CSVTable(file: file, format: .mapped)
        var columns = mapping.timeColumns + mapping.entries.map(\.amount)
        for case .column(let name) in mapping.fields.values { columns.append(name) }
        for spec in mapping.entries { if case .byColumn(let name, _) = spec.kind { columns.append(name) } }
        table.read(
            bytes, delimiter: mapping.delimiter, skippingLines: mapping.skipLines, what: "the columns mapping '\(mapping.name)' names",
            required: Array(Set(columns.map { $0.lowercased() })).sorted().map { [$0] }, example: columns.joined(separator: ",")
        ) { record, header, table in
            row(record, header: header, mapping: mapping, table: &table)
        }
        return table.result
    }

    static func row(_ record: CSVRecord, header: HeaderMap, mapping: Mapping, table: inout CSVTable) -> [LedgerEntry]? {
        let fields = record.fields
        let line = record.line
        func problem(_ field: String, _ expected: String, _ found: String) { table.problem(line, field, expected, found) }
        func value(_ native: String) -> (text: String?, label: String) {
            switch mapping.fields[native] {
            case .column(let name)?: return (header.value(name.lowercased(), in: fields), name)
            case .constant(let text)?: return (text, native)
            case nil: return (nil, native)
            }
        }
        let id = value("id")
        if id.text == nil { problem(id.label, "a value", "") }
        let payee = value("payee_id")
        if payee.text == nil { problem(payee.label, "a value", "") }
        let typeValue = value("payee_type")
        let payeeType = typeValue.text.flatMap { PayeeType(rawValue: $0.lowercased()) }
        if payeeType == nil { problem(typeValue.label, "driver or merchant", typeValue.text ?? "") }
        let currencyValue = value("currency")
        let currency = currencyValue.text.flatMap { Currency(code: $0) }
        if currency == nil { problem(currencyValue.label, "an ISO 4217 currency code", currencyValue.text ?? "") }
        let timeText = mapping.timeColumns.map { header.value($0.lowercased(), in: fields) ?? "" }.joined(separator: " ")
        var occurredAt: Timestamp?
        switch LocalTimePattern.parse(timeText, format: mapping.timeFormat, zone: mapping.timeZone) {
        case .success(let time): occurredAt = time
        case .failure(.yearOutOfRange): problem(mapping.timeColumns.joined(separator: "+"), CivilDate.supportedYearsText, timeText)
        case .failure(.malformed):
            problem(mapping.timeColumns.joined(separator: "+"), "a time in the format '\(mapping.timeFormat)'", timeText)
        }
        var status: PayoutStatus?
        let statusValue = value("payout_status")
        if let text = statusValue.text {
            status = PayoutStatus(rawValue: text.lowercased())
            if status == nil { problem(statusValue.label, "pending, processing, paid or failed", text) }
        }
        for name in ["id", "payee_id", "payee_name", "reference", "description", "payout_id"] {
            let field = value(name)
            let rule = NativeLedgerImporter.textFields.first { $0.0 == name }?.1 ?? .identifier
            table.check(field.text, rule, line: line, field: field.label)
        }
        var made: [LedgerEntry] = []
        // Which mapping entry made each id, so two entries of the row never share one.
        var madeBy: [String: Int] = [:]
        for (index, spec) in mapping.entries.enumerated() {
            let kind: EntryKind?
            switch spec.kind {
            case .fixed(let k): kind = k
            case .byColumn(let column, let values):
                let text = header.value(column.lowercased(), in: fields) ?? ""
                kind = values[text]
                if kind == nil { problem(column, "one of " + values.keys.sorted().joined(separator: ", "), text) }
            }
            let text = header.value(spec.amount.lowercased(), in: fields) ?? ""
            guard let currency, let kind else { continue }
            if text.isEmpty { continue }
            var minor: Int64
            switch parseAmount(text, mapping: mapping, currency: currency) {
            case .success(let value): minor = value
            case .failure(.beyondLimit):
                problem(spec.amount, AmountParser.limitExpectation(currency), text)
                continue
            case .failure:
                if let thousands = mapping.thousandsSeparator, !groupsAreValid(text, mapping: mapping) {
                    problem(spec.amount, "thousands separators '\(thousands)' only between groups of three digits (1\(thousands)234)", text)
                } else {
                    problem(spec.amount, "an amount with at most \(currency.exponent) decimals for \(currency.code)", text)
                }
                continue
            }
            // Flip the sign when the mapping says which it must be (checked: the parser bounds amounts anyway).
            if (spec.sign == .negative && minor > 0) || (spec.sign == .positive && minor < 0) {
                guard let flipped = try? MinorUnits.negate(minor, total: spec.amount) else {
                    problem(spec.amount, AmountParser.limitExpectation(currency), text)
                    continue
                }
                minor = flipped
            }
            if minor == 0 { continue }
            guard let idText = id.text, let payeeID = payee.text, let payeeType, let occurredAt else { continue }
            let entryID = made.isEmpty ? idText : idText + ":" + kind.rawValue
            if let earlier = madeBy[entryID] {
                problem("entries[\(index)]",
                    "a distinct id for each entry of a row (entries[\(earlier)] and entries[\(index)] both make a \(kind.rawValue) entry)",
                    entryID)
                continue
            }
            madeBy[entryID] = index
            made.append(LedgerEntry(
                id: entryID, occurredAt: occurredAt, payeeID: payeeID,
                payeeType: payeeType, payeeName: value("payee_name").text, kind: kind,
                amount: Money(minorUnits: minor, currency: currency), reference: value("reference").text,
                description: value("description").text, payoutID: value("payout_id").text, payoutStatus: status,
                source: SourceLocation(file: table.file, line: line)))
        }
        return made
    }

    /// `$1,234.56`, `(12.00)`, `-€0,66`, `1.234,56` → minor units, per the mapping's separators and symbols.
    static func amount(_ text: String, mapping: Mapping, currency: Currency) -> Int64? {
        try? parseAmount(text, mapping: mapping, currency: currency).get()
    }

    /// As ``amount(_:mapping:currency:)``, saying why not: ``AmountParser/Failure/beyondLimit`` gets its own message.
    static func parseAmount(_ text: String, mapping: Mapping, currency: Currency) -> Result<Int64, AmountParser.Failure> {
        var body = text.trimmingCharacters(in: .whitespaces)
        var negative = false
        if mapping.negativeParentheses, body.hasPrefix("("), body.hasSuffix(")") {
            negative = true
            body = String(body.dropFirst().dropLast())
        }
        for symbol in mapping.currencySymbols + [currency.code] { body = body.replacingOccurrences(of: symbol, with: "") }
        body = body.trimmingCharacters(in: .whitespaces)
        if body.hasPrefix("-") {
            negative.toggle()
            body.removeFirst()
        } else if body.hasPrefix("+") {
            body.removeFirst()
        }
        guard let ungrouped = ungrouped(body, mapping: mapping) else { return .failure(.notADecimal) }
        body = ungrouped
        if mapping.decimalSeparator == "," { body = body.replacingOccurrences(of: ",", with: ".") }
        if body.hasPrefix("-") { return .failure(.notADecimal) }
        // Within ±AmountParser.limit, so the negation cannot overflow.
        return AmountParser.parse(body, currency: currency).map { negative ? -$0.minorUnits : $0.minorUnits }
    }

    /// The number with its thousands separators removed, or nil when one is out of place: they may
    /// stand only in the whole part, between groups of exactly three digits after a first group of
    /// one to three (`1,234.56`, `12,345,678`; never `1,00`, `1,,000`, `,100` or `1,2345`).
    static func ungrouped(_ body: String, mapping: Mapping) -> String? {
        guard let thousands = mapping.thousandsSeparator, body.contains(thousands) else { return body }
        let parts = body.split(separator: mapping.decimalSeparator, maxSplits: 1, omittingEmptySubsequences: false)
        if parts.count == 2 && parts[1].contains(thousands) { return nil }
        let groups = parts[0].split(separator: thousands, omittingEmptySubsequences: false)
        guard let head = groups.first, (1...3).contains(head.count), groups.dropFirst().allSatisfy({ $0.count == 3 }) else {
            return nil
        }
        let whole = groups.joined()
        return parts.count == 2 ? whole + String(mapping.decimalSeparator) + parts[1] : whole
    }

    /// Whether a cell's thousands separators stand in valid groups (for the message naming them).
    static func groupsAreValid(_ text: String, mapping: Mapping) -> Bool {
        var body = text
        for symbol in mapping.currencySymbols + ["(", ")", "-", "+"] { body = body.replacingOccurrences(of: symbol, with: "") }
        body = body.trimmingCharacters(in: .whitespaces)
        if let first = body.firstIndex(where: { $0.isNumber || $0 == mapping.thousandsSeparator }),
            let last = body.lastIndex(where: { $0.isNumber || $0 == mapping.thousandsSeparator || $0 == mapping.decimalSeparator })
        {
            body = String(body[first...last])
        }
        return ungrouped(body, mapping: mapping) != nil
    }
}
