import Foundation
import LedgerPressCore

/// Shows money for people, in the payee's locale: `$1,234.56`, `-$24.00`, `1.234,56 €`, `¥1,500`.
///
/// The pattern (symbol, separators, sign placement) is learned once per locale and currency from
/// Foundation's currency format of exact `Decimal` probe values; amounts are then laid out from
/// their integer minor units, so nothing passes through floating point and no rounding can occur.
public struct MoneyFormat: Sendable {
    struct Pattern: Sendable {
        var positivePrefix: String
        var positiveSuffix: String
        var negativePrefix: String
        var negativeSuffix: String
        var group: String
        var decimal: String
        /// Digits the integer part needs beyond the first group before it is grouped at all: 1 in most
        /// locales (`1,234`), 2 where four-digit amounts stay whole (es_ES, pl_PL: `1234,56 €`, `12.345,67 €`).
        var minimumGrouping: Int = 1
    }

    let pattern: Pattern?
    /// The pattern's pieces as UTF-8, laid out around the digits without building intermediate strings.
    let layout: MoneyLayout?
    let currency: Currency
    let locale: Locale

    public init(currency: Currency, localeIdentifier: String) {
        self.currency = currency
        self.locale = Locale(identifier: localeIdentifier)
        self.pattern = MoneyFormat.learn(currency: currency, locale: locale)
        self.layout = pattern.map { MoneyLayout($0, exponent: currency.exponent) }
    }

    public func format(_ minorUnits: Int64) -> String {
        guard let layout else { return foundationFormat(minorUnits) }
        return layout.format(minorUnits)
    }

    func foundationFormat(_ minorUnits: Int64) -> String {
        let value = Decimal(
            sign: minorUnits < 0 ? .minus : .plus, exponent: -currency.exponent,
            significand: Decimal(minorUnits.magnitude))
        return value.formatted(
            .currency(code: currency.code).locale(locale).precision(.fractionLength(currency.exponent)))
    }

    /// Learns the layout from 1234567.xx and its negative, and whether 1234.xx is grouped; nil when the
    /// locale groups other than by threes.
    static func learn(currency: Currency, locale: Locale) -> Pattern? {
        let exponent = currency.exponent
        let fraction = exponent > 0 ? String((1...exponent).map { Character(String($0 % 10)) }) : ""
        // 1234567 (and 1234) followed by the fraction's digits, in integer arithmetic (exponents are at most 4).
        func probe(_ whole: Int64) -> Int64? {
            var value = whole
            for digit in fraction.utf8 {
                let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
                guard !overflow else { return nil }
                value = shifted + Int64(digit - UInt8(ascii: "0"))
            }
            return value
        }
        guard let large = probe(1_234_567), let small = probe(1_234) else { return nil }
        let probeFormat = MoneyFormat(probePatternFor: currency, locale: locale)
        let positive = probeFormat.foundationFormat(large)
        let negative = probeFormat.foundationFormat(-large)
        guard let p = split(positive, exponent: exponent, fraction: fraction),
            let n = split(negative, exponent: exponent, fraction: fraction),
            p.group == n.group, p.decimal == n.decimal
        else { return nil }
        var pattern = Pattern(
            positivePrefix: p.prefix, positiveSuffix: p.suffix, negativePrefix: n.prefix, negativeSuffix: n.suffix,
            group: p.group, decimal: p.decimal)
        let tail = (exponent > 0 ? p.decimal + fraction : "") + p.suffix
        switch probeFormat.foundationFormat(small) {
        case p.prefix + "1" + p.group + "234" + tail: pattern.minimumGrouping = 1
        case p.prefix + "1234" + tail: pattern.minimumGrouping = 2
        default: return nil
        }
        return pattern
    }

    private init(probePatternFor currency: Currency, locale: Locale) {
        self.currency = currency
        self.locale = locale
        self.pattern = nil
        self.layout = nil
    }

    /// Splits `$1,234,567.12` into prefix `$`, group `,`, decimal `.`, suffix ``.
    static func split(_ text: String, exponent: Int, fraction: String) -> (
        prefix: String, suffix: String, group: String, decimal: String
    )? {
        let chars = Array(text)
        guard let first = chars.firstIndex(where: { $0 == "1" }),
            let last = chars.lastIndex(where: { $0.isASCII && $0.isNumber })
        else { return nil }
        let body = String(chars[first...last])
        let prefix = String(chars[..<first])
        let suffix = String(chars[(last + 1)...])
        // body: 1 G 234 G 567 [D fraction]
        let rest = body.dropFirst()
        guard let g1 = rest.firstIndex(of: "2") else { return nil }
        let group = String(rest[rest.startIndex..<g1])
        guard
            body == "1" + group + "234" + group + "567"
                + (exponent > 0
                    ? String(body.dropFirst(1 + group.count + 3 + group.count + 3).dropLast(exponent)) + fraction : "")
        else { return nil }
        let decimal = exponent > 0 ? String(body.dropFirst(1 + group.count * 2 + 6).dropLast(exponent)) : ""
        if exponent > 0 && decimal.isEmpty { return nil }
        return (prefix, suffix, group, decimal)
    }
}
