import LedgerPressCore

/// One generated ledger row, formatted as a native CSV line or as a journal transaction.
///
/// > Note: both forms come from the same value, so a sample's CSV and journal hold exactly the same
/// > entries: same ids, amounts, currencies and local dates.
struct SampleRow {
    var id: String
    /// RFC 3339 in the payee's local time with its offset (as the CSV carries it).
    var occurredAt: String
    var payee: SampleGenerator.SamplePayee
    var kind: EntryKind
    /// Signed minor units, from the payee's point of view.
    var amount: Int64
    /// Write the currency code in lower case in the CSV (the importer accepts either case).
    var lowerCaseCode: Bool
    var reference = ""
    var description = ""
    var payoutID = ""
    var status = ""
    /// Issue 50: a payout's arrival date (`YYYY-MM-DD`), a job's distance and its unit; empty when none.
    var arrival = ""
    var distance = ""
    var distanceUnit = ""

    /// The payee's local date of the entry.
    var localDate: CivilDate? { CivilDate(iso: String(occurredAt.prefix(10))) }

    /// The native CSV line, without its line end.
    var csvLine: String {
        [
            id, occurredAt, payee.id, payee.type.rawValue, SampleGenerator.cell(payee.name), kind.rawValue,
            PlainDecimal.format(amount, exponent: payee.currency.exponent),
            lowerCaseCode ? payee.currency.code.lowercased() : payee.currency.code,
            reference, SampleGenerator.cell(description), payoutID, status, arrival, distance, distanceUnit,
        ].joined(separator: ",")
    }

    /// The entry as one hledger / ledger-cli 3 transaction: dated by the payee's local date, described by
    /// the entry id, posted to `payees:<payee_id>:<kind>` and balanced by `platform`, e.g.
    ///
    /// ```
    /// 2026-09-01 txn_drv_0001_1
    ///     payees:drv_0001:earning  77.96 USD
    ///     platform
    /// ```
    ///
    /// > Note: sample payee ids and entry ids hold only letters, digits, `_` and `:`, so they are safe as
    /// > account names and descriptions in both journal formats.
    var journalTransaction: String {
        let amountText = PlainDecimal.format(amount, exponent: payee.currency.exponent)
        return occurredAt.prefix(10) + " " + id + "\n    payees:" + payee.id + ":" + kind.rawValue + "  " + amountText
            + " "
            + payee.currency.code + "\n    platform\n\n"
    }
}
