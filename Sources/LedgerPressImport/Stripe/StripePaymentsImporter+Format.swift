extension StripePaymentsImporter: LedgerImporter {
    static let format = InputFormat.stripePayments

    static var headerColumns: [[String]] { requiredColumns }

    /// Any export of the payments page that keeps the columns the money needs (the user picks its columns); a
    /// `Net` column is the balance history's (without its `id`), never a payments export's.
    static func detect(_ header: HeaderProbe) -> Bool {
        !header.names.contains("net")
            && requiredColumns.allSatisfy { $0.contains { header.names.contains($0.lowercased()) } }
    }
}
