import LedgerPressCore

/// Reads any CSV export through a `Mapping` into native entries, one per non-zero amount listed
/// in `entries` (ids: the row's id for the first, `id:kind` for the others).
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
        let occurredAt = LocalTimePattern.parse(timeText, format: mapping.timeFormat, zone: mapping.timeZone)
        if occurredAt == nil {
            problem(mapping.timeColumns.joined(separator: "+"), "a time in the format '\(mapping.timeFormat)'", timeText)
        }
        var status: PayoutStatus?
        let statusValue = value("payout_status")
        if let text = statusValue.text {
            status = PayoutStatus(rawValue: text.lowercased())
            if status == nil { problem(statusValue.label, "pending, processing, paid or failed", text) }
        }
        var made: [LedgerEntry] = []
        for spec in mapping.entries {
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
            guard var minor = amount(text, mapping: mapping, currency: currency) else {
                problem(spec.amount, "an amount with at most \(currency.exponent) decimals for \(currency.code)", text)
                continue
            }
            switch spec.sign {
            case .asIs: break
            case .negative: minor = -abs(minor)
            case .positive: minor = abs(minor)
            }
            if minor == 0 { continue }
            guard let idText = id.text, let payeeID = payee.text, let payeeType, let occurredAt else { continue }
            made.append(LedgerEntry(
                id: made.isEmpty ? idText : idText + ":" + kind.rawValue, occurredAt: occurredAt, payeeID: payeeID,
                payeeType: payeeType, payeeName: value("payee_name").text, kind: kind,
                amount: Money(minorUnits: minor, currency: currency), reference: value("reference").text,
                description: value("description").text, payoutID: value("payout_id").text, payoutStatus: status,
                source: SourceLocation(file: table.file, line: line)))
        }
        return made
    }

    /// `$1,234.56`, `(12.00)`, `-€0,66`, `1.234,56` → minor units, per the mapping's separators and symbols.
    static func amount(_ text: String, mapping: Mapping, currency: Currency) -> Int64? {
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
        if let thousands = mapping.thousandsSeparator { body.removeAll { $0 == thousands } }
        if mapping.decimalSeparator == "," { body = body.replacingOccurrences(of: ",", with: ".") }
        guard case .success(let money) = AmountParser.parse(body, currency: currency), !body.hasPrefix("-") else { return nil }
        return negative ? -money.minorUnits : money.minorUnits
    }
}
