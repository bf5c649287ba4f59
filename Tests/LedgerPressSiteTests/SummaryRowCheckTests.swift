import LedgerPressCore
import Testing

@testable import LedgerPressSite

/// `verify`'s arithmetic of a `finance/summary.csv` row takes the `tax` column in (issue 28), and still checks a
/// summary written before that column existed.
@Suite struct SummaryRowCheckTests {
    static let usd = Currency(code: "USD")

    static func problems(_ header: String, _ row: String) throws -> [String] {
        let check = try #require(SummaryRowCheck(header: header.split(separator: ",").map(String.init)))
        let currency = try #require(usd)
        let fields = row.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let amounts = try #require(check.amounts(fields, currency: currency))
        return check.check(amounts, currency: currency)
    }

    static let header =
        "payee_id,payee_type,period,period_start,period_end,currency,opening_balance,earnings,tips,fees,adjustments,refunds,net_activity,payouts,closing_balance,entries"

    @Test func netActivityIncludesTheTaxColumn() throws {
        let withTax = Self.header + ",tax"
        let good =
            "m,merchant,2026-10,2026-10-01,2026-11-01,USD,0.00,150.00,0.00,-3.44,0.00,-50.00,104.81,0.00,104.81,7,8.25"
        #expect(try Self.problems(withTax, good).isEmpty)
        let bad =
            "m,merchant,2026-10,2026-10-01,2026-11-01,USD,0.00,150.00,0.00,-3.44,0.00,-50.00,104.81,0.00,104.81,7,9.25"
        #expect(
            try Self.problems(withTax, bad) == [
                "net_activity: expected 105.81 (earnings + tips + fees + adjustments + refunds + tax), got 104.81"
            ])
    }

    @Test func aSummaryWithoutTheTaxColumnIsCheckedWithoutIt() throws {
        let row = "m,merchant,2026-10,2026-10-01,2026-11-01,USD,0.00,150.00,0.00,-3.44,0.00,-50.00,96.56,0.00,96.56,5"
        #expect(try Self.problems(Self.header, row).isEmpty)
        #expect(SummaryRowCheck(header: ["earnings", "tax"]) == nil)
    }
}
