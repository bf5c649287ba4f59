/// What a text field read from an input may hold: which characters, and how many bytes.
///
/// Every importer checks its text fields with one of these rules, so nothing absurd reaches the
/// ledger, the statements or the published files:
///
/// | rule | fields | line breaks | at most |
/// |---|---|---|---|
/// | `identifier` | `id`, `payee_id`, `reference`, `payout_id`, e-mail, Stripe ids | no | 256 bytes |
/// | `name` | `payee_name`, the payees file's `name` | LF, CR | 256 bytes |
/// | `description` | `description` | LF, CR | 2,000 bytes |
///
/// > Note: control characters (U+0000–U+001F, U+007F and the C1 controls U+0080–U+009F) are refused
/// > everywhere, except TAB, and LF/CR in the fields the spec lets hold newlines. The limits are in
/// > UTF-8 bytes: 256 holds any id a platform issues (Stripe's are under 64) and any real name;
/// > 2,000 holds a long platform description while keeping one statement line readable and one
/// > row's share of the output small.
public enum TextRule: Sendable, CaseIterable {
    case identifier, name, description

    /// The most UTF-8 bytes a field under this rule may hold.
    public var maxBytes: Int {
        switch self {
        case .identifier, .name: return 256
        case .description: return 2_000
        }
    }

    /// Whether LF and CR are allowed (the spec lets names and descriptions hold newlines).
    public var allowsLineBreaks: Bool { self != .identifier }

    /// Why `text` breaks the rule (the "expected ..." of a diagnostic), or nil when it is fine.
    public func problem(with text: String) -> String? {
        for scalar in text.unicodeScalars where TextRule.isControl(scalar) {
            if scalar == "\t" { continue }
            if allowsLineBreaks && (scalar == "\n" || scalar == "\r") { continue }
            return allowsLineBreaks ? "text without control characters" : "text on one line without control characters"
        }
        let bytes = text.utf8.count
        if bytes > maxBytes { return "text of at most \(maxBytes) bytes (found \(bytes) bytes)" }
        return nil
    }

    /// C0 controls, DEL and C1 controls.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}

extension CSVTable {
    /// Reports `value` at `line` under `field` when it breaks `rule`; returns whether it is fine (absent is fine).
    @discardableResult
    mutating func check(_ value: String?, _ rule: TextRule, line: Int, field: String) -> Bool {
        guard let value, let expected = rule.problem(with: value) else { return true }
        problem(line, field, expected, value)
        return false
    }
}
