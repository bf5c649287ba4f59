import LedgerPressCore
import Testing

@testable import LedgerPressRender

/// The layout probe is built for every minor-unit exponent (0 to 4) without a trap.
@Suite struct MoneyFormatProbeTests {
    @Test(arguments: ["JPY", "USD", "BHD", "CLF"]) func learnsEachExponent(_ code: String) throws {
        let currency = try #require(Currency(code: code))
        let format = MoneyFormat(currency: currency, localeIdentifier: "en_US")
        #expect(format.pattern != nil)
        for minor: Int64 in [0, 1, -1, 123_456_789, -98_765] {
            #expect(format.format(minor) == format.foundationFormat(minor), "\(code) \(minor)")
        }
    }
}
