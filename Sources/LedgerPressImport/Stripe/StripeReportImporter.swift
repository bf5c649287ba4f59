import LedgerPressCore

/// Stripe report CSVs, any version, read by column name: `balance_change_from_activity.itemized.*`,
/// `payout_reconciliation.itemized.*`, `payouts.itemized.*`, and their `connected_account_*` forms.
///
/// The payee is `connected_account` (the account's own view), else `connected_account_id` (a platform
/// report: amounts reversed for the payee; rows without it are the platform's own and are skipped),
/// else `--payee` (also when those columns are there with every cell empty, as in a normal account's
/// download). Time: `created_utc` / `effective_at_utc`, else `created` / `effective_at` in the zone
/// ``StripeSourceZone`` finds (`--source-timezone`, else the file name), else the file is refused.
enum StripeReportImporter {
    static func read(bytes: [UInt8], file: String, settings: ImportSettings) -> ImportedFile {
        var table = CSVTable(file: file, format: .stripeReport, texts: settings.texts)
        let layout = Layout(bytes: bytes, file: file, settings: settings)
        table.result.usedPayeeOption = layout.accountColumn == nil
        if layout.needsZone && layout.localZone == nil {
            table.result.diagnostics.append(StripeSourceZone.missing(file: file, column: layout.localColumn))
            return table.result
        }
        table.read(
            bytes, what: "the Stripe report columns",
            required: [
                ["balance_transaction_id"], ["currency"], ["gross"], ["fee"], ["net"], ["reporting_category"],
                ["created_utc", "created", "effective_at_utc", "effective_at"],
            ],
            example: "balance_transaction_id,created_utc,currency,gross,fee,net,reporting_category,...",
            reads: columnsRead
        ) { record, header, table in
            row(record, header: header, layout: layout, settings: settings, table: &table)
        }
        return table.result
    }

    /// Every column a row is read from.
    static let columnsRead: Set<String> = [
        "connected_account", "connected_account_id", "balance_transaction_id", "created_utc", "effective_at_utc",
        "created", "effective_at",
        "currency", "gross", "fee", "net", "reporting_category", "payout_status", "source_id", "charge_id",
        "description", "payout_id",
        "automatic_payout_id",
    ]

    /// What the header (and one look over the rows) says about a report, decided once per file.
    struct Layout {
        /// `connected_account` (the account's own view) or `connected_account_id` (a platform report), or nil
        /// when neither is there or every cell of it is empty (a normal account's download carries the
        /// columns, all empty): then the account is `--payee`'s.
        var accountColumn: String?
        /// Only local times (`created`, `effective_at`) and no `_utc` column.
        var needsZone: Bool
        var localColumn: String
        var localZone: ZoneClock?

        init(bytes: [UInt8], file: String, settings: ImportSettings) {
            // One reader for the header and the look over the rows that follows it.
            var reader = CSVReader(bytes: bytes)
            let names = ((try? reader.next())?.fields ?? []).map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            }
            let present = ["connected_account", "connected_account_id"].filter(names.contains)
            var filled: Set<String> = []
            if !present.isEmpty {
                let positions = present.compactMap { name in names.firstIndex(of: name).map { (name, $0) } }
                scan: while filled.count < positions.count {
                    do {
                        guard try reader.nextFields() != nil else { break scan }
                    } catch {
                        continue  // the row is reported when it is read for real
                    }
                    for (name, index) in positions
                    where index < reader.fields.count && !reader.fields[index].range.isEmpty {
                        filled.insert(name)
                    }
                }
            }
            accountColumn = ["connected_account", "connected_account_id"].first(where: filled.contains)
            needsZone =
                !names.contains("created_utc") && !names.contains("effective_at_utc")
                && (names.contains("created") || names.contains("effective_at"))
            localColumn = names.contains("created") ? "created" : "effective_at"
            localZone = StripeSourceZone.resolve(file: file, settings: settings)
        }
    }

    static func row(
        _ record: CSVRecord, header: HeaderMap, layout: Layout, settings: ImportSettings, table: inout CSVTable
    ) -> [LedgerEntry]? {
        let fields = record.fields
        let line = record.line
        func problem(_ field: String?, _ expected: String, _ found: String) {
            table.problem(line, field, expected, found)
        }
        // Whose row is it?
        var platformView = false
        var payee: String?
        if layout.accountColumn == "connected_account" {
            payee = header.value("connected_account", in: fields)
        } else if layout.accountColumn == "connected_account_id" {
            platformView = true
            payee = header.value("connected_account_id", in: fields)
            if payee == nil {
                table.skip("of the platform's own (no connected_account_id)")
                return nil
            }
        } else {
            payee = settings.payee(forFile: table.file)
        }
        guard let payee else {
            problem(
                "connected_account", "the account the row belongs to (a connected_account column, or --payee ACCOUNT)",
                "")
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
            if let zone = layout.localZone {
                occurredAt = LocalTimeParser.timestamp(
                    text, zone: zone, expected: "a time such as 2026-09-14 10:02:11",
                    warning: { table.warn(line, name, $0, text) }
                ) {
                    problem(name, $0, text)
                }
            } else {
                problem(name, "a time in created_utc, or the zone of this local time (--source-timezone ZONE)", text)
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
        let payeeColumn = layout.accountColumn ?? "--payee"
        let textOK = [
            table.check(payee, .identifier, line: line, field: payeeColumn),
            table.check(id, .identifier, line: line, field: "balance_transaction_id"),
            table.check(header.value("source_id", in: fields), .identifier, line: line, field: "source_id"),
            table.check(header.value("charge_id", in: fields), .identifier, line: line, field: "charge_id"),
            table.check(header.value("description", in: fields), .description, line: line, field: "description"),
            table.check(header.value("payout_id", in: fields), .identifier, line: line, field: "payout_id"),
            table.check(
                header.value("automatic_payout_id", in: fields), .identifier, line: line, field: "automatic_payout_id"),
        ].allSatisfy { $0 }
        guard textOK, let id, let occurredAt, let gross, let fee, let net else { return nil }
        let movement = StripeMovement(
            id: id, occurredAt: occurredAt, payeeID: payee, payeeType: payeeType, category: category, gross: gross,
            fee: fee,
            net: net, reference: header.value("source_id", in: fields) ?? header.value("charge_id", in: fields),
            description: header.value("description", in: fields),
            payoutID: header.value("payout_id", in: fields) ?? header.value("automatic_payout_id", in: fields),
            payoutStatus: status, platformView: platformView, statusReport: header.column("payout_status") != nil,
            source: SourceLocation(file: table.file, line: line))
        switch movement.entries(texts: table.texts) {
        case .success(let entries): return entries
        case .failure(.unknownCategory):
            problem("reporting_category", "one of " + StripeMovement.categories.joined(separator: ", "), category)
        case .failure(.unbalanced):
            problem(
                "net", "gross - fee = net (or gross + fee = net)",
                "gross \(PlainDecimal.format(gross)), fee \(PlainDecimal.format(fee)), net \(PlainDecimal.format(net))")
        }
        return nil
    }
}
