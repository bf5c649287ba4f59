// swift-format-ignore-file: NeverForceUnwrap

import LedgerPressCore
import Testing

@testable import LedgerPressRender

/// A revision's figures reach the page as money in the payee's locale, straight from the record's amounts.
@Suite struct RevisionViewTests {
    static func money(_ minorUnits: Int64, _ code: String) -> Money {
        Money(minorUnits: minorUnits, currency: Currency(code: code)!)
    }

    static func text(_ value: TemplateValue?) -> String? {
        guard case .text(let text)? = value else { return nil }
        return text
    }

    @Test func figuresAreMoneyInThePayeesLocale() throws {
        let strings = try #require(WordingTests.strings)
        let revision = StatementRevision(
            version: 3, firstIssuedAsOf: "2026-11-12T13:10:00-05:00",
            changes: [
                .init(
                    currency: Currency(code: "EUR")!,
                    previous: .init(netActivity: Self.money(123_456, "EUR"), closingBalance: Self.money(-5, "EUR")),
                    current: .init(netActivity: Self.money(-123_456, "EUR"), closingBalance: Self.money(0, "EUR"))),
                .init(
                    currency: Currency(code: "JPY")!, previous: nil,
                    current: .init(netActivity: Self.money(1500, "JPY"), closingBalance: Self.money(1500, "JPY"))),
            ])
        let formats = MoneyFormats()
        let view = RevisionView(
            revision: revision, wording: strings.wording(for: "de_DE"), formats: formats, locale: "de_DE")
        guard case .list(let changes)? = view.context["changes"] else {
            Issue.record("no changes in \(view.context)")
            return
        }
        #expect(Self.text(view.context["version"]) == "3")
        #expect(changes.count == 2)
        func german(_ minorUnits: Int64, _ code: String) -> String {
            formats.format(minorUnits, Currency(code: code)!, locale: "de_DE")
        }
        let eur = changes[0]
        #expect(Self.text(eur["currency"]) == "EUR")
        #expect(Self.text(eur["previous_net_activity"]) == german(123_456, "EUR"))
        #expect(Self.text(eur["net_activity"]) == german(-123_456, "EUR"))
        #expect(Self.text(eur["previous_closing_balance"]) == german(-5, "EUR"))
        #expect(Self.text(eur["closing_balance"]) == german(0, "EUR"))
        // A currency the previous version did not have shows the payee's word for none.
        #expect(Self.text(changes[1]["previous_net_activity"]) == "keiner")
        #expect(Self.text(changes[1]["net_activity"]) == german(1500, "JPY"))
    }
}
