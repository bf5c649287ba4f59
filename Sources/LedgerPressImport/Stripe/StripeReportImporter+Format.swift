extension StripeReportImporter: LedgerImporter {
    static let format = InputFormat.stripeReport

    static let headerColumns = [
        ["balance_transaction_id"], ["currency"], ["gross"], ["fee"], ["net"], ["reporting_category"],
        ["created_utc", "created", "effective_at_utc", "effective_at"],
    ]

    /// A header with `balance_transaction_id` and `reporting_category`.
    static func detect(_ header: HeaderProbe) -> Bool { header.has(["balance_transaction_id", "reporting_category"]) }
}
