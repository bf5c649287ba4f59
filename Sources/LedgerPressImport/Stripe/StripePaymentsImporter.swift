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

    static func read(bytes: [UInt8], file: String, settings: ImportSettings) -> ImportedFile {
        var table = CSVTable(file: file, format: .stripePayments)
        table.result.usedPayeeOption = true
        var seen: [String: Int] = [:]
        table.read(
            bytes, delimiter: InputFormat.delimiter(of: bytes), what: "the Stripe payments export columns",
            required: [
                ["created date (utc)", "created (utc)"], ["amount"], ["amount refunded"], ["currency"],
                ["converted amount"], ["fee"],
                ["status"],
            ],
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
        guard ["paid", "refunded"].contains(status.lowercased()) else {
            table.skip("with Status \(status.isEmpty ? "(empty)" : status), which moves no money")
            return nil
        }
        guard let payee = settings.payee(forFile: table.file) else {
            problem(nil, "the account this export belongs to (--payee ACCOUNT or --payee FILE=ACCOUNT)", "none")
            return nil
        }
        guard let payeeType = settings.payeeType(for: payee, line: line, table: &table) else { return nil }
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
        func amount(_ converted: String, _ plain: String, _ label: String) -> Int64? {
            guard let currency else { return nil }
            let name = cell(converted)?.isEmpty == false ? converted : plain
            let text = cell(name) ?? ""
            if text.isEmpty { return 0 }
            return StripeAmount.read(text, currency: currency) { problem(label, $0, text) }?.minorUnits
        }
        let gross = amount("converted amount", "amount", "Converted Amount")
        let refunded = amount("converted amount refunded", "amount refunded", "Converted Amount Refunded")
        let fee = amount("fee", "fee", "Fee")
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
        func entry(_ suffix: String, _ kind: EntryKind, _ minor: Int64, _ at: Timestamp) -> LedgerEntry {
            LedgerEntry(
                id: id + suffix, occurredAt: at, payeeID: payee, payeeType: payeeType, kind: kind,
                amount: Money(minorUnits: minor, currency: currency), reference: id, description: description,
                source: source)
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
