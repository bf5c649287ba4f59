extension StripeDashboardImporter: LedgerImporter {
    static let format = InputFormat.stripeDashboard

    static let headerColumns = [
        ["id"], ["Type"], ["Amount"], ["Fee"], ["Net"], ["Currency"], ["Created (UTC)", "Created"],
    ]

    /// A header with `id`, `Type`, `Amount`, `Net`, `Currency` and a `Created` column.
    static func detect(_ header: HeaderProbe) -> Bool {
        header.has(["id", "type", "amount", "net", "currency"]) && header.names.contains { $0.hasPrefix("created") }
    }
}
