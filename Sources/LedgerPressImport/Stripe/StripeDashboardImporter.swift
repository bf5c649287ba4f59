import LedgerPressCore

/// The Stripe Dashboard's balance-history export: `id,Type,Source,Amount,Fee,Net,Currency,Created (UTC),...`.
///
/// One account's export (`--payee`), its own view. `Type` is the balance-transaction type, mapped to
/// the reporting category as Stripe documents it (`payment` is `charge`, `stripe_fee` is `fee`, ...).
enum StripeDashboardImporter {
    static let categoryByType: [String: String] = [
        "charge": "charge", "payment": "charge", "refund": "refund", "payment_refund": "refund",
        "refund_failure": "refund_failure", "adjustment": "other_adjustment", "dispute": "dispute",
        "dispute_reversal": "dispute_reversal", "transfer": "transfer", "recipient_transfer": "transfer",
        "transfer_cancel": "transfer_reversal", "transfer_failure": "transfer_reversal",
        "transfer_refund": "transfer_reversal",
        "stripe_fee": "fee", "tax_fee": "tax", "payout": "payout", "payout_cancel": "payout_reversal",
        "payout_failure": "payout_reversal",
    ]

    static func read(bytes: [UInt8], file: String, settings: ImportSettings) -> ImportedFile {
        var table = CSVTable(file: file, format: .stripeDashboard, texts: settings.texts)
        let names = HeaderMap.names(bytes)
        let localZone = StripeSourceZone.resolve(file: file, settings: settings)
        table.result.usedPayeeOption = true
        if !names.contains("created (utc)") && names.contains("created") && localZone == nil {
            table.result.diagnostics.append(StripeSourceZone.missing(file: file, column: "Created"))
            return table.result
        }
        table.read(
            bytes, what: "the Stripe Dashboard export columns",
            required: [["id"], ["type"], ["amount"], ["fee"], ["net"], ["currency"], ["created (utc)", "created"]],
            example: "id,Type,Source,Amount,Fee,Net,Currency,Created (UTC),...",
            reads: [
                "id", "type", "source", "amount", "fee", "net", "currency", "created (utc)", "created", "description",
                "transfer",
            ]
        ) { record, header, table in
            row(record, header: header, settings: settings, localZone: localZone, table: &table)
        }
        return table.result
    }

    static func row(
        _ record: CSVRecord, header: HeaderMap, settings: ImportSettings, localZone: ZoneClock?, table: inout CSVTable
    ) -> [LedgerEntry]? {
        let fields = record.fields
        let line = record.line
        func problem(_ field: String?, _ expected: String, _ found: String) {
            table.problem(line, field, expected, found)
        }
        guard case let (payee, payeeType)? = settings.exportPayee(line: line, table: &table) else { return nil }
        let id = header.value("id", in: fields)
        if id == nil { problem("id", "a value", "") }
        let timeColumn = header.column("created (utc)") != nil ? "created (utc)" : "created"
        let timeText = header.value(timeColumn, in: fields) ?? ""
        let occurredAt = LocalTimeParser.timestamp(
            timeText, zone: timeColumn == "created (utc)" ? .utc : localZone ?? .utc,
            expected: "a time such as 2026-04-23 21:56 or 8/6/2026 12:00",
            warning: { table.warn(line, "Created", $0, timeText) }
        ) { problem("Created (UTC)", $0, timeText) }
        let typeText = (header.value("type", in: fields) ?? "").lowercased()
        let category = categoryByType[typeText]
        if category == nil {
            problem("Type", "one of " + categoryByType.keys.sorted().joined(separator: ", "), typeText)
        }
        let currencyText = header.value("currency", in: fields) ?? ""
        let currency = Currency(code: currencyText)
        if currency == nil { problem("Currency", "an ISO 4217 currency code such as usd", currencyText) }
        func amount(_ name: String, _ label: String) -> Money? {
            guard let currency else { return nil }
            let text = header.value(name, in: fields) ?? ""
            return StripeAmount.read(text, currency: currency) { problem(label, $0, text) }
        }
        let gross = amount("amount", "Amount")
        let fee = amount("fee", "Fee")
        let net = amount("net", "Net")
        let textOK = [
            table.check(id, .identifier, line: line, field: "id"),
            table.check(header.value("source", in: fields), .identifier, line: line, field: "Source"),
            table.check(header.value("description", in: fields), .description, line: line, field: "Description"),
            table.check(header.value("transfer", in: fields), .identifier, line: line, field: "Transfer"),
        ].allSatisfy { $0 }
        guard textOK, let id, let occurredAt, let category, let gross, let fee, let net else { return nil }
        let movement = StripeMovement(
            id: id, occurredAt: occurredAt, payeeID: payee, payeeType: payeeType, category: category, gross: gross,
            fee: fee,
            net: net, reference: header.value("source", in: fields),
            description: header.value("description", in: fields),
            payoutID: header.value("transfer", in: fields), payoutStatus: nil, platformView: false, statusReport: false,
            source: SourceLocation(file: table.file, line: line))
        if case .success(let entries) = movement.entries(texts: table.texts) { return entries }
        problem(
            "Net", "Amount - Fee = Net (or Amount + Fee = Net)",
            "Amount \(PlainDecimal.format(gross)), Fee \(PlainDecimal.format(fee)), Net \(PlainDecimal.format(net))")
        return nil
    }
}
