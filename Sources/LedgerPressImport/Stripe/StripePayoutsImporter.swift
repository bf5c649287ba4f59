import LedgerPressCore

/// The Stripe Dashboard's payouts export (`payouts.csv`): `id,Amount,Created (UTC),Currency,...,Arrival Date (UTC),
/// ...,Status,...`, one payout per row, one account per file (`--payee`).
///
/// Each row is one `payout` entry: −Amount (a negative payout, money Stripe took back from the bank, is
/// positive), at Created, with `payout_id` = the row's `po_` id and its status (`pending`; `in_transit` →
/// processing; `paid`; `failed`, `canceled` → failed) and its `Arrival Date (UTC)` as the payout's arrival date
/// (the calendar date as given: the export writes it as midnight UTC). Pair it with the payments export; the
/// balance-history export already has a row for every payout, and reading both is refused (see
/// ``StripePayoutOverlap``).
enum StripePayoutsImporter {
    static let columnsRead: Set<String> = [
        "id", "amount", "created (utc)", "currency", "status", "description", "arrival date (utc)",
    ]

    static func read(bytes: [UInt8], file: String, settings: ImportSettings) -> ImportedFile {
        var table = CSVTable(file: file, format: .stripePayouts, texts: settings.texts)
        table.result.usedPayeeOption = true
        table.read(
            bytes, delimiter: InputFormat.delimiter(of: bytes), what: "the Stripe payouts export columns",
            required: [["id"], ["amount"], ["created (utc)"], ["currency"], ["status"]],
            example: "id,Amount,Created (UTC),Currency,Livemode,Arrival Date (UTC),...,Status,...", reads: columnsRead
        ) { record, header, table in
            row(record, header: header, settings: settings, table: &table)
        }
        return table.result
    }

    static func row(_ record: CSVRecord, header: HeaderMap, settings: ImportSettings, table: inout CSVTable)
        -> [LedgerEntry]?
    {
        let fields = record.fields
        let line = record.line
        func cell(_ name: String) -> String? { header.value(name, in: fields)?.trimmingCharacters(in: .whitespaces) }
        func problem(_ field: String?, _ expected: String, _ found: String) {
            table.problem(line, field, expected, found)
        }
        guard case let (payee, payeeType)? = settings.exportPayee(line: line, table: &table) else { return nil }
        let id = cell("id")
        if id == nil { problem("id", "a value", "") }
        let timeText = cell("created (utc)") ?? ""
        let created = LocalTimeParser.timestamp(timeText, zone: .utc, expected: "a time such as 2026-09-25 00:18") {
            problem("Created (UTC)", $0, timeText)
        }
        let currencyText = cell("currency") ?? ""
        let currency = Currency(code: currencyText)
        if currency == nil { problem("Currency", "an ISO 4217 currency code such as usd", currencyText) }
        let amountText = cell("amount") ?? ""
        let amount = currency.flatMap {
            StripeAmount.read(amountText, currency: $0) { problem("Amount", $0, amountText) }?.minorUnits
        }
        let statusText = cell("status") ?? ""
        let status = StripeMovement.payoutStatus(statusText)
        if status == nil { problem("Status", "pending, in_transit, paid, failed or canceled", statusText) }
        var arrival: CivilDate?
        if let text = cell("arrival date (utc)"), !text.isEmpty {
            arrival = CivilDate(iso: String(text.prefix(10)))
            let rest = text.dropFirst(10)
            if arrival == nil || !(rest.isEmpty || rest.first == " " || rest.first == "T") {
                arrival = nil
                problem("Arrival Date (UTC)", "a date such as 2026-10-07 (or 2026-10-07 00:00)", text)
            }
        }
        let textOK = [
            table.check(id, .identifier, line: line, field: "id"),
            table.check(cell("description"), .description, line: line, field: "Description"),
        ].allSatisfy { $0 }
        guard textOK, let id, let created, let currency, let amount, let status,
            arrival != nil || (cell("arrival date (utc)") ?? "").isEmpty
        else { return nil }
        // Negating an amount the parser bounded (±AmountParser.limit) cannot overflow.
        return [
            LedgerEntry(
                id: id, occurredAt: created, payeeID: payee, payeeType: payeeType, kind: .payout,
                amount: Money(minorUnits: -amount, currency: currency),
                description: cell("description").flatMap { $0.isEmpty ? nil : $0 },
                payoutID: id, payoutStatus: status, payoutArrival: arrival,
                source: SourceLocation(file: table.file, line: line), texts: table.texts)
        ]
    }
}

/// Refuses a run that reads the same Stripe payout twice: once from a payouts export (`po_` id) and once
/// from a balance-history export or report (a `txn_` row whose payout is that `po_`). Either alone is the
/// whole story; both would count the money leaving twice.
public enum StripePayoutOverlap {
    public static func problems(_ files: [ImportedFile]) -> [Diagnostic] {
        var fromPayoutsExport: [String: SourceLocation] = [:]
        for file in files where file.format == .stripePayouts {
            for entry in file.entries { fromPayoutsExport[entry.payeeID + "\u{0}" + entry.id] = entry.source }
        }
        guard !fromPayoutsExport.isEmpty else { return [] }
        var problems: [Diagnostic] = []
        for file in files where file.format == .stripeDashboard || file.format == .stripeReport {
            for entry in file.entries where entry.kind == .payout && !entry.isStatusReport {
                guard let payout = entry.payoutID, let first = fromPayoutsExport[entry.payeeID + "\u{0}" + payout],
                    payout != entry.id
                else {
                    continue
                }
                problems.append(
                    Diagnostic(
                        at: entry.source,
                        expected:
                            "each payout read once: \(payout) is also in the payouts export at \(first.file):\(first.line) "
                            + "(read the payouts export with the payments export, or the balance history alone)",
                        found: entry.id))
            }
        }
        return problems
    }
}
