import LedgerPressCore

/// The Stripe Dashboard's payments export (`unified_payments.csv`): one charge per row, one account per file
/// (`--payee`), `,` or `;` separated, columns by name (`Created date (UTC)` now, `Created (UTC)` in 2023).
///
/// Only `Paid` and `Refunded` rows moved money; any other status (`Failed`, `Pending`,
/// `requires_payment_method`, ...) is skipped and counted. A money row makes:
///
/// | entry | amount | currency | time |
/// |---|---|---|---|
/// | `earning` (id) | Converted Amount (else Amount) | Converted Currency (else Currency) | Created |
/// | `fee` (`id:fee`) | −Fee | the converted currency (Stripe charges the fee there) | Created |
/// | `refund` (`id:refund`) | −Converted Amount Refunded (else Amount Refunded) | the converted currency | Refunded date, else Created |
///
/// So a currency's entries add up to Σ(Converted Amount − Converted Amount Refunded − Fee), what reached the
/// Stripe balance. The fee is not returned on a refund; `Taxes On Fee` is part of `Fee`. A file without an
/// `id` column (or a money row without an id) gets `pay-` + a digest of the row's created time, amounts,
/// currency, card, customer and description, numbered when repeated, so the same file read again counts once.
enum StripePaymentsImporter {
    static let columnsRead: Set<String> = [
        "id", "created date (utc)", "created (utc)", "amount", "amount refunded", "currency", "converted amount",
        "converted amount refunded", "converted currency", "fee", "refunded date (utc)", "status", "description",
        "card id", "customer id",
    ]

    /// The columns the money needs (each a choice, as Stripe names them): the time, an amount, a currency, the fee
    /// and the status. Everything else (`id`, the refund columns, the converted pair) an export may leave out.
    static let requiredColumns = [
        ["Created date (UTC)", "Created (UTC)"], ["Amount", "Converted Amount"], ["Currency", "Converted Currency"],
        ["Fee"], ["Status"],
    ]

    /// Statuses of rows that moved money; `Partially refunded` is how some exports show a payment refunded in part.
    static let moneyStatuses: Set<String> = ["paid", "refunded", "partially refunded", "partially_refunded"]

    static func read(bytes: [UInt8], file: String, settings: ImportSettings) -> ImportedFile {
        var table = CSVTable(file: file, format: .stripePayments, texts: settings.texts)
        table.result.usedPayeeOption = true
        var seen: [String: Int] = [:]
        table.read(
            bytes, delimiter: InputFormat.delimiter(of: bytes), what: "the Stripe payments export columns",
            required: requiredColumns.map { $0.map { $0.lowercased() } },
            example: "id,Created date (UTC),Amount,Amount Refunded,Currency,Converted Amount,...,Fee,...,Status,...",
            reads: columnsRead
        ) { record, header, table in
            row(record, header: header, settings: settings, seen: &seen, table: &table)
        }
        return table.result
    }

    static func row(
        _ record: CSVRecord, header: HeaderMap, settings: ImportSettings, seen: inout [String: Int],
        table: inout CSVTable
    ) -> [LedgerEntry]? {
        let fields = record.fields
        let line = record.line
        func cell(_ name: String) -> String? { header.value(name, in: fields)?.trimmingCharacters(in: .whitespaces) }
        func problem(_ field: String?, _ expected: String, _ found: String) {
            table.problem(line, field, expected, found)
        }
        let status = cell("status") ?? ""
        guard moneyStatuses.contains(status.lowercased()) else {
            table.skip("with Status \(status.isEmpty ? "(empty)" : status), which moves no money")
            return nil
        }
        guard case let (payee, payeeType)? = settings.exportPayee(line: line, table: &table) else { return nil }
        let timeColumn = header.column("created date (utc)") != nil ? "created date (utc)" : "created (utc)"
        func time(_ column: String, _ label: String) -> Timestamp? {
            let text = cell(column) ?? ""
            return LocalTimeParser.timestamp(
                text, zone: .utc, expected: "a time such as 2026-04-23 21:56:10 or 9/23/25 9:45"
            ) {
                problem(label, $0, text)
            }
        }
        let created = time(timeColumn, timeColumn == "created (utc)" ? "Created (UTC)" : "Created date (UTC)")
        let converted = cell("converted currency").flatMap { $0.isEmpty ? nil : $0 }
        let currencyText = converted ?? cell("currency") ?? ""
        let currency = Currency(code: currencyText)
        if currency == nil {
            problem(
                converted == nil ? "Currency" : "Converted Currency", "an ISO 4217 currency code such as usd",
                currencyText)
        }
        // The charge was converted when its converted currency differs from its own: then only the converted
        // columns hold amounts in the currency the entries are in.
        let chargeCurrency = cell("currency").flatMap { $0.isEmpty ? nil : $0 }
        let wasConverted =
            converted != nil && chargeCurrency != nil && converted?.lowercased() != chargeCurrency?.lowercased()
        /// The converted column's amount, else (a charge that was not converted) the plain one's. A converted charge
        /// whose export leaves the converted column out is refused when the plain amount is not zero: that amount is
        /// in the charge's currency, not in the one the balance moved in.
        func amount(_ convertedColumn: String, _ plain: String, _ label: String) -> Int64? {
            guard let currency else { return nil }
            let name: String
            if wasConverted {
                guard header.column(convertedColumn) != nil else {
                    let text = cell(plain) ?? ""
                    if text.isEmpty || (try? StripeAmount.parse(text, currency: currency).get().minorUnits) == 0 {
                        return 0
                    }
                    problem(
                        label,
                        "a column '\(label)' in the export (the charge in \(chargeCurrency ?? "") was converted to \(currency.code))",
                        "no such column")
                    return nil
                }
                name = convertedColumn
            } else {
                name = cell(convertedColumn)?.isEmpty == false ? convertedColumn : plain
            }
            let text = cell(name) ?? ""
            if text.isEmpty { return 0 }
            return StripeAmount.read(text, currency: currency) { problem(label, $0, text) }?.minorUnits
        }
        let gross = amount("converted amount", "amount", "Converted Amount")
        let fee = amount("fee", "fee", "Fee")
        var refunded: Int64?
        if header.column("converted amount refunded") == nil && header.column("amount refunded") == nil {
            // An export without the refund columns reads rows that were not refunded; a refunded one is refused.
            let refundedDate = cell("refunded date (utc)") ?? ""
            if status.lowercased() != "paid" || !refundedDate.isEmpty {
                problem(
                    "Amount Refunded",
                    "a column 'Amount Refunded' or 'Converted Amount Refunded' in the export (a row with Status '\(status)'"
                        + (refundedDate.isEmpty ? "" : " and a Refunded date") + " needs it)",
                    "no such column")
            } else {
                refunded = 0
            }
        } else {
            refunded = amount("converted amount refunded", "amount refunded", "Converted Amount Refunded")
        }
        var refundedAt = created
        if let refunded, refunded != 0, !(cell("refunded date (utc)") ?? "").isEmpty {
            refundedAt = time("refunded date (utc)", "Refunded date (UTC)")
        }
        let textOK = [
            table.check(cell("id"), .identifier, line: line, field: "id"),
            table.check(cell("description"), .description, line: line, field: "Description"),
        ].allSatisfy { $0 }
        guard textOK, let created, let refundedAt, let currency, let gross, let refunded, let fee else { return nil }
        let id = cell("id").flatMap { $0.isEmpty ? nil : $0 } ?? derivedID(cell: cell, seen: &seen)
        let description = cell("description").flatMap { $0.isEmpty ? nil : $0 }
        let source = SourceLocation(file: table.file, line: line)
        let texts = table.texts
        func entry(_ suffix: String, _ kind: EntryKind, _ minor: Int64, _ at: Timestamp) -> LedgerEntry {
            LedgerEntry(
                id: id + suffix, occurredAt: at, payeeID: payee, payeeType: payeeType, kind: kind,
                amount: Money(minorUnits: minor, currency: currency), reference: id, description: description,
                source: source, texts: texts)
        }
        var made = [entry("", .earning, gross, created)]
        // Negating an amount the parser bounded (±AmountParser.limit) cannot overflow.
        if fee != 0 { made.append(entry(":fee", .fee, -fee, created)) }
        if refunded != 0 { made.append(entry(":refund", .refund, -refunded, refundedAt)) }
        return made
    }

    /// `pay-` + 16 hex digits of the row's lasting fields, `#2`, `#3` for repeats within the file.
    static func derivedID(cell: (String) -> String?, seen: inout [String: Int]) -> String {
        let key = [
            "created date (utc)", "created (utc)", "amount", "currency", "converted amount", "card id", "customer id",
            "description",
        ]
        .map { cell($0) ?? "" }.joined(separator: "\u{1F}")
        let digest = ContentDigest.hex(key.utf8)
        let count = seen[digest, default: 0] + 1
        seen[digest] = count
        return "pay-" + digest + (count > 1 ? "#\(count)" : "")
    }
}
