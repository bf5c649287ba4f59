extension StripePayoutsImporter: LedgerImporter {
    static let format = InputFormat.stripePayouts

    static let headerColumns = [
        ["id"], ["Amount"], ["Created (UTC)"], ["Currency"], ["Arrival Date (UTC)"], ["Status"],
    ]

    /// A header with `id`, `Amount`, `Arrival Date (UTC)` and `Status`.
    static func detect(_ header: HeaderProbe) -> Bool { header.has(["id", "amount", "arrival date (utc)", "status"]) }
}
