import Foundation

/// The input formats `build` and `check` read, recognised by their header (or forced with `--format`).
public enum InputFormat: String, Sendable, CaseIterable, Codable {
    /// The native ledger export, CSV.
    case native
    /// The native ledger as JSON Lines.
    case jsonl
    /// Stripe report CSVs (snake_case): balance change from activity, payout reconciliation, payouts; any version,
    /// platform or connected-account form.
    case stripeReport = "stripe-report"
    /// The Stripe Dashboard's balance-history export (Title Case headers).
    case stripeDashboard = "stripe-dashboard"
    /// The Stripe Dashboard's payments export (`unified_payments.csv`), `,` or `;` separated.
    case stripePayments = "stripe-payments"
    /// The Stripe Dashboard's payouts export (`payouts.csv`).
    case stripePayouts = "stripe-payouts"
    /// Any other CSV, read through a mapping file (`--mapping FILE`).
    case mapped

    /// The format a file's first bytes show, or nil.
    public static func detect(_ bytes: [UInt8]) -> InputFormat? {
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, bytes[start] == 32 || bytes[start] == 9 || bytes[start] == 10 || bytes[start] == 13 {
            start += 1
        }
        if start < bytes.count, bytes[start] == UInt8(ascii: "{") { return .jsonl }
        var reader = CSVReader(bytes: bytes, delimiter: delimiter(of: bytes))
        guard let header = try? reader.next() else { return nil }
        let names = Set(header.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
        if names.isSuperset(of: ["id", "occurred_at", "payee_id"]) { return .native }
        if names.isSuperset(of: ["balance_transaction_id", "reporting_category"]) { return .stripeReport }
        if names.isSuperset(of: ["id", "amount", "arrival date (utc)", "status"]) { return .stripePayouts }
        if names.isSuperset(of: ["id", "type", "amount", "net", "currency"])
            && names.contains(where: { $0.hasPrefix("created") })
        {
            return .stripeDashboard
        }
        // Any export of the payments page that keeps the columns the money needs (the user picks its columns); a
        // `Net` column is the balance history's (without its `id`), never a payments export's.
        if !names.contains("net"),
            StripePaymentsImporter.requiredColumns.allSatisfy({ $0.contains { names.contains($0.lowercased()) } })
        {
            return .stripePayments
        }
        return nil
    }

    /// `;` when the first line has more semicolons than commas outside quotes (a Dashboard export from an
    /// account whose language writes decimal commas), else `,`.
    public static func delimiter(of bytes: [UInt8]) -> UInt8 {
        var commas = 0
        var semicolons = 0
        var quoted = false
        for byte in bytes.prefix(4096) {
            if byte == 10 && !quoted { break }
            if byte == UInt8(ascii: "\"") { quoted.toggle() }
            if !quoted && byte == UInt8(ascii: ",") { commas += 1 }
            if !quoted && byte == UInt8(ascii: ";") { semicolons += 1 }
        }
        return semicolons > commas ? UInt8(ascii: ";") : UInt8(ascii: ",")
    }
}
