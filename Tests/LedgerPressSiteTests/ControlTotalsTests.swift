import Foundation
import LedgerPressCore
import Testing

@testable import LedgerPressSite

/// The control totals' per-kind figures are keyed by `PeriodKind` (issue 48, item 5): one list of members that the
/// manifest writer, `Codable` and `verify` share, written as the manifests always wrote them.
@Suite struct ControlTotalsTests {
    static let totals = ControlTotals(
        currency: "USD", entries: 12, ledgerTotal: "40.00", payeesTotal: "40.00",
        statementsTotals: [.day: "40.00", .week: "40.00", .month: "40.00", .year: "40.00"])

    /// A manifest's `control_totals` member, byte for byte as before the totals were keyed by kind.
    static let written = """
        {
          "currency" : "USD",
          "day_statements_total" : "40.00",
          "entries" : 12,
          "ledger_total" : "40.00",
          "month_statements_total" : "40.00",
          "payees_total" : "40.00",
          "week_statements_total" : "40.00",
          "year_statements_total" : "40.00"
        }
        """

    @Test func theManifestWritesEachKindsTotalUnderItsOldKey() throws {
        var json = PrettyJSON()
        Self.totals.write(to: &json)
        #expect(String(decoding: json.finish(), as: UTF8.self) == Self.written + "\n")
        #expect(String(decoding: try ManifestJSON.encode(Self.totals), as: UTF8.self) == Self.written + "\n")
    }

    @Test func everyCalendarKindIsReadBackAndARangeNeverHasATotal() throws {
        let decoded = try JSONDecoder().decode(ControlTotals.self, from: Data(Self.written.utf8))
        #expect(decoded == Self.totals)
        for kind in PeriodKind.calendarKinds {
            #expect(decoded[statementsOf: kind] == "40.00", "\(kind)")
            #expect(Self.totals.members.contains { $0.key == "\(kind.rawValue)_statements_total" })
        }
        var totals = Self.totals
        totals[statementsOf: .range] = "1.00"
        #expect(totals[statementsOf: .range] == nil)
        #expect(!totals.members.contains { $0.key.hasPrefix("range") })
        // A kind with no statements built has no member.
        totals[statementsOf: .week] = nil
        #expect(!totals.members.contains { $0.key == "week_statements_total" })
    }
}
