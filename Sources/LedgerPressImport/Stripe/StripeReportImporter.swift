import LedgerPressCore

/// Stripe report CSVs, any version, read by column name: `balance_change_from_activity.itemized.*`,
/// `payout_reconciliation.itemized.*`, `payouts.itemized.*`, and their `connected_account_*` forms.
///
/// The payee is `connected_account` (the account's own view), else `connected_account_id` (a platform
/// report: amounts reversed for the payee; rows without it are the platform's own and make no entry),
/// else `--payee`. Time: `created_utc` / `effective_at_utc`, else `created` / `effective_at` in `--source-timezone`.
enum StripeReportImporter {
    static func read(bytes: [UInt8], file: String, settings: ImportSettings) -> ImportedFile {
        var table = CSVTable(file: file, format: .stripeReport)
        table.read(
            bytes, what: "the Stripe report columns",
            required: [["balance_transaction_id"], ["currency"], ["gross"], ["fee"], ["net"], ["reporting_category"],
                ["created_utc", "created", "effective_at_utc", "effective_at"]],
            example: "balance_transaction_id,created_utc,currency,gross,fee,net,reporting_category,..."
        ) { record, header, table in
            row(record, header: header, settings: settings, table: &table)
        }
        return table.result
    }

    static func row(_ record: CSVRecord, header: HeaderMap, settings: ImportSettings, table: inout CSVTable) -> [LedgerEntry]? {
        let fields = record.fields
        let line = record.line
        func problem(_ field: String?, _ expected: String, _ found: String) { table.problem(line, field, expected, found) }
        // Whose row is it?
        var platformView = false
        var payee: String?
        if header.column("connected_account") != nil {
            payee = header.value("connected_account", in: fields)
        } else if header.column("connected_account_id") != nil {
            platformView = true
            payee = header.value("connected_account_id", in: fields)
            if payee == nil {
                table.result.platformRows += 1
                return []
            }
        } else {
            payee = settings.payee(forFile: table.file)
        }
        guard let payee else {
            problem("connected_account", "the account the row belongs to (a connected_account column, or --payee ACCOUNT)", "")
            return nil
        }
        guard let payeeType = settings.payeeType(for: payee, line: line, table: &table) else { return nil }
        let id = header.value("balance_transaction_id", in: fields)
        if id == nil { problem("balance_transaction_id", "a value", "") }
        var occurredAt: Timestamp?
        if let utcName = ["created_utc", "effective_at_utc"].first(where: { header.value($0, in: fields) != nil }),
            let text = header.value(utcName, in: fields)
        {
            occurredAt = LocalTimeParser.timestamp(text, zone: .utc, expected: "a time such as 2026-09-14 10:02:11") {
                problem(utcName, $0, text)
            }
        } else if let name = ["created", "effective_at"].first(where: { header.value($0, in: fields) != nil }),
            let text = header.value(name, in: fields)
        {
            occurredAt = LocalTimeParser.timestamp(text, zone: settings.sourceZone, expected: "a time such as 2026-09-14 10:02:11") {
                problem(name, $0, text)
            }
        } else {
            problem("created_utc", "a value", "")
        }
        let currencyText = header.value("currency", in: fields) ?? ""
        let currency = Currency(code: currencyText)
        if currency == nil { problem("currency", "an ISO 4217 currency code such as usd", currencyText) }
        func amount(_ name: String) -> Money? {
            guard let currency else { return nil }
            let text = header.value(name, in: fields) ?? ""
            switch AmountParser.parse(text, currency: currency) {
            case .success(let money): return money
            case .failure(.tooManyDecimals(let allowed)):
                problem(name, "at most \(allowed) decimals for \(currency.code)", text)
            case .failure(.beyondLimit):
                problem(name, AmountParser.limitExpectation(currency), text)
            case .failure(.notADecimal):
                problem(name, "a decimal amount in major units such as 10.00", text)
            }
            return nil
        }
        let gross = amount("gross")
        let fee = amount("fee")
        let net = amount("net")
        let category = (header.value("reporting_category", in: fields) ?? "").lowercased()
        var status: PayoutStatus?
        if let text = header.value("payout_status", in: fields) {
            status = StripeMovement.payoutStatus(text)
            if status == nil { problem("payout_status", "pending, in_transit, paid, failed or canceled", text) }
        }
        let payeeColumn = header.column("connected_account") != nil ? "connected_account" : "connected_account_id"
        let textOK = [
            table.check(payee, .identifier, line: line, field: payeeColumn),
            table.check(id, .identifier, line: line, field: "balance_transaction_id"),
            table.check(header.value("source_id", in: fields), .identifier, line: line, field: "source_id"),
            table.check(header.value("charge_id", in: fields), .identifier, line: line, field: "charge_id"),
            table.check(header.value("description", in: fields), .description, line: line, field: "description"),
            table.check(header.value("payout_id", in: fields), .identifier, line: line, field: "payout_id"),
            table.check(header.value("automatic_payout_id", in: fields), .identifier, line: line, field: "automatic_payout_id"),
        ].allSatisfy { $0 }
        guard textOK, let id, let occurredAt, let gross, let fee, let net else { return nil }
        let movement = StripeMovement(
            id: id, occurredAt: occurredAt, payeeID: payee, payeeType: payeeType, category: category, gross: gross, fee: fee,
            net: net, reference: header.value("source_id", in: fields) ?? header.value("charge_id", in: fields),
            description: header.value("description", in: fields),
            payoutID: header.value("payout_id", in: fields) ?? header.value("automatic_payout_id", in: fields),
            payoutStatus: status, platformView: platformView, statusReport: header.column("payout_status") != nil,
            source: SourceLocation(file: table.file, line: line))
        switch movement.entries() {
        case .success(let entries): return entries
        case .failure(.unknownCategory):
            problem("reporting_category", "one of " + StripeMovement.categories.joined(separator: ", "), category)
        case .failure(.unbalanced):
            problem("net", "gross - fee = net (or gross + fee = net)",
                "gross \(PlainDecimal.format(gross)), fee \(PlainDecimal.format(fee)), net \(PlainDecimal.format(net))")
        }
        return nil
    }
}
