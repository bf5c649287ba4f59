import LedgerPressCore

/// Amounts as exports write them, per the mapping's separators and symbols: `$1,234.56`, `-$14.95`,
/// `$-14.95`, `(12.00)`, `($12.00)`, `-€0,66`, `1.234,56`, `USD 10.00`, into exact minor units.
///
/// One sign at most: a minus before or after the symbol, or parentheses when the mapping allows them.
/// Thousands separators may stand only between groups of three digits of the whole part.
enum MappedAmount {
    static func parse(_ text: String, mapping: Mapping, currency: Currency) -> Result<Int64, AmountParser.Failure> {
        var body = text.trimmingCharacters(in: .whitespaces)
        var negative = false
        var parentheses = false
        if mapping.negativeParentheses, body.hasPrefix("("), body.hasSuffix(")") {
            negative = true
            parentheses = true
            body = String(body.dropFirst().dropLast()).trimmingCharacters(in: .whitespaces)
        }
        // A sign before the symbol (`-$14.95`).
        var signs = 0
        if body.hasPrefix("-") || body.hasPrefix("+") {
            if body.hasPrefix("-") { negative.toggle() }
            signs += 1
            body = String(body.dropFirst()).trimmingCharacters(in: .whitespaces)
        }
        // The symbols and code, once, at either end.
        for symbol in (mapping.currencySymbols + [currency.code]).sorted(by: { $0.count > $1.count }) {
            if body.hasPrefix(symbol) {
                body = String(body.dropFirst(symbol.count))
                break
            }
            if body.hasSuffix(symbol) {
                body = String(body.dropLast(symbol.count))
                break
            }
        }
        body = body.trimmingCharacters(in: .whitespaces)
        // A sign after the symbol (`$-14.95`).
        if body.hasPrefix("-") || body.hasPrefix("+") {
            if body.hasPrefix("-") { negative.toggle() }
            signs += 1
            body.removeFirst()
        }
        guard signs <= 1, !(parentheses && signs > 0) else { return .failure(.notADecimal) }
        guard let ungrouped = ungrouped(body, mapping: mapping) else { return .failure(.notADecimal) }
        body = ungrouped
        if mapping.decimalSeparator == "," { body = body.replacingOccurrences(of: ",", with: ".") }
        if body.hasPrefix("-") || body.hasPrefix("+") { return .failure(.notADecimal) }
        // Within ±AmountParser.limit, so the negation cannot overflow.
        return AmountParser.parse(body, currency: currency).map { negative ? -$0.minorUnits : $0.minorUnits }
    }

    /// The "expected ..." of a diagnostic for an amount that did not parse.
    static func expectation(_ failure: AmountParser.Failure, text: String, mapping: Mapping, currency: Currency)
        -> String
    {
        if case .beyondLimit = failure { return AmountParser.limitExpectation(currency) }
        if let code = otherCurrencyCode(in: text, currency: currency) {
            return
                "an amount in the row's currency \(currency.code), without another currency's code (the amount names \(code))"
        }
        if let thousands = mapping.thousandsSeparator, !groupsAreValid(text, mapping: mapping) {
            return "thousands separators '\(thousands)' only between groups of three digits (1\(thousands)234)"
        }
        return "an amount with at most \(currency.exponent) decimals for \(currency.code)"
    }

    /// The code of a currency other than the row's named in an amount (`5.00 EUR` on a USD row): a run of three
    /// letters that is an ISO 4217 code.
    static func otherCurrencyCode(in text: String, currency: Currency) -> String? {
        let runs = text.split { !($0.isASCII && $0.isLetter) }
        for run in runs where run.count == 3 {
            let code = run.uppercased()
            if code != currency.code, Currency(code: code) != nil { return code }
        }
        return nil
    }

    /// The number with its thousands separators removed, or nil when one is out of place: they may
    /// stand only in the whole part, between groups of exactly three digits after a first group of
    /// one to three (`1,234.56`, `12,345,678`; never `1,00`, `1,,000`, `,100` or `1,2345`).
    static func ungrouped(_ body: String, mapping: Mapping) -> String? {
        guard let thousands = mapping.thousandsSeparator, body.contains(thousands) else { return body }
        let parts = body.split(separator: mapping.decimalSeparator, maxSplits: 1, omittingEmptySubsequences: false)
        if parts.count == 2 && parts[1].contains(thousands) { return nil }
        let groups = parts[0].split(separator: thousands, omittingEmptySubsequences: false)
        guard let head = groups.first, (1...3).contains(head.count), groups.dropFirst().allSatisfy({ $0.count == 3 })
        else {
            return nil
        }
        let whole = groups.joined()
        return parts.count == 2 ? whole + String(mapping.decimalSeparator) + parts[1] : whole
    }

    /// Whether a cell's thousands separators stand in valid groups (for the message naming them).
    static func groupsAreValid(_ text: String, mapping: Mapping) -> Bool {
        var body = text
        for symbol in mapping.currencySymbols + ["(", ")", "-", "+"] {
            body = body.replacingOccurrences(of: symbol, with: "")
        }
        body = body.trimmingCharacters(in: .whitespaces)
        if let first = body.firstIndex(where: { $0.isNumber || $0 == mapping.thousandsSeparator }),
            let last = body.lastIndex(where: {
                $0.isNumber || $0 == mapping.thousandsSeparator || $0 == mapping.decimalSeparator
            })
        {
            body = String(body[first...last])
        }
        return ungrouped(body, mapping: mapping) != nil
    }
}

extension MappedImporter {
    /// `$1,234.56`, `(12.00)`, `-€0,66`, `1.234,56` → minor units, per the mapping's separators and symbols.
    static func amount(_ text: String, mapping: Mapping, currency: Currency) -> Int64? {
        try? MappedAmount.parse(text, mapping: mapping, currency: currency).get()
    }
}
