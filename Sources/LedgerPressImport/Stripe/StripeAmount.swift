import LedgerPressCore

/// Amounts in Stripe's Dashboard exports: `10.00`, and, from accounts whose Dashboard language writes a
/// decimal comma, `"104,13"` (quoted in a comma-separated file). Stripe never writes thousands separators,
/// so a single comma followed by one to four digits can only be the decimal separator.
enum StripeAmount {
    static func parse(_ text: String, currency: Currency) -> Result<Money, AmountParser.Failure> {
        let plain = AmountParser.parse(text, currency: currency)
        guard case .failure(.notADecimal) = plain, let comma = decimalComma(text) else { return plain }
        return AmountParser.parse(comma, currency: currency)
    }

    /// The amount in a Dashboard export's cell, or nil after telling `problem` (field, expected) what was wrong.
    static func read(_ text: String, currency: Currency, problem: (String) -> Void) -> Money? {
        switch parse(text, currency: currency) {
        case .success(let money): return money
        case .failure(.beyondLimit): problem(AmountParser.limitExpectation(currency))
        case .failure: problem("a decimal amount with at most \(currency.exponent) decimals for \(currency.code)")
        }
        return nil
    }

    /// `-75,57` → `-75.57`; nil for anything else.
    static func decimalComma(_ text: String) -> String? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...4).contains(parts[1].count), parts[1].allSatisfy({ $0.isASCII && $0.isNumber })
        else { return nil }
        var whole = Substring(parts[0])
        if whole.first == "-" || whole.first == "+" { whole = whole.dropFirst() }
        guard !whole.isEmpty, whole.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return parts[0] + "." + parts[1]
    }
}
