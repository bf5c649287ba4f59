import Foundation

/// The name of an input format `build` and `check` read, recognised by its header (or forced with `--format`).
/// Which formats there are, and in which order they are recognised, is ``ImporterRegistry/standard``'s to say.
public struct InputFormat: RawRepresentable, Hashable, Sendable, Codable {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    /// The native ledger export, CSV.
    public static let native = InputFormat(rawValue: "native")
    /// The native ledger as JSON Lines.
    public static let jsonl = InputFormat(rawValue: "jsonl")
    /// Stripe report CSVs (snake_case): balance change from activity, payout reconciliation, payouts; any version,
    /// platform or connected-account form.
    public static let stripeReport = InputFormat(rawValue: "stripe-report")
    /// The Stripe Dashboard's balance-history export (Title Case headers).
    public static let stripeDashboard = InputFormat(rawValue: "stripe-dashboard")
    /// The Stripe Dashboard's payments export (`unified_payments.csv`), `,` or `;` separated.
    public static let stripePayments = InputFormat(rawValue: "stripe-payments")
    /// The Stripe Dashboard's payouts export (`payouts.csv`).
    public static let stripePayouts = InputFormat(rawValue: "stripe-payouts")
    /// Any other CSV, read through a mapping file (`--mapping FILE`).
    public static let mapped = InputFormat(rawValue: "mapped")

    /// A stored format name (an import checkpoint's): only a name the registry knows.
    public init(from decoder: any Decoder) throws {
        let name = try decoder.singleValueContainer().decode(String.self)
        guard let format = ImporterRegistry.standard.format(named: name) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "an unknown format '\(name)'"))
        }
        self = format
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The format a file's first bytes show (the first of ``ImporterRegistry/standard`` to recognise them), or nil.
    public static func detect(_ bytes: [UInt8]) -> InputFormat? { ImporterRegistry.standard.detect(bytes) }

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
