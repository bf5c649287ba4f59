/// An ISO 4217 currency: its upper-case alphabetic code and its minor-unit exponent.
///
/// > Note: only codes in the ISO 4217 list are accepted; the exponent decides how many decimals an
/// > amount may have (USD 2, JPY 0, BHD 3).
public struct Currency: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let code: String
    public let exponent: Int

    /// The currency for a code in either case, or nil when the code is not ISO 4217.
    public init?(code: String) {
        let upper = code.uppercased()
        guard let exponent = Currency.exponents[upper] else { return nil }
        self.code = upper
        self.exponent = exponent
    }

    public var description: String { code }

    public static func < (a: Currency, b: Currency) -> Bool { a.code < b.code }

    /// 10^exponent, the number of minor units in one major unit.
    public var minorUnitsPerMajor: Int64 {
        var factor: Int64 = 1
        for _ in 0..<exponent { factor *= 10 }
        return factor
    }

    /// Every currency, by code (what ``PackedCurrency`` indexes), and each one's position.
    static let listed: [Currency] = exponents.keys.sorted().compactMap { Currency(code: $0) }
    static let positions: [String: UInt16] = Dictionary(
        uniqueKeysWithValues: listed.enumerated().map { ($0.element.code, UInt16($0.offset)) })

    /// ISO 4217 active codes with their exponents (list of 2024; funds and metals codes omitted).
    static let exponents: [String: Int] = {
        var table: [String: Int] = [:]
        let zero = "BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF"
        let three = "BHD IQD JOD KWD LYD OMR TND"
        let four = "CLF UYW"
        let two = """
            AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BRL BSD BTN BWP BYN BZD \
            CAD CDF CHF CNY COP CRC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD \
            GTQ GYD HKD HNL HTG HUF IDR ILS INR IRR JMD KES KGS KHR KPW KYD KZT LAK LBP LKR LRD LSL MAD \
            MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD PAB PEN PGK PHP \
            PKR PLN QAR RON RSD RUB SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS \
            TMT TOP TRY TTD TWD TZS UAH USD UYU UZS VED VES WST XCD XCG YER ZAR ZMW ZWG
            """
        for (codes, exponent) in [(zero, 0), (two, 2), (three, 3), (four, 4)] {
            for code in codes.split(separator: " ") { table[String(code)] = exponent }
        }
        return table
    }()
}
