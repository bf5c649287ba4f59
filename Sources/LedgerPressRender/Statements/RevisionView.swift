import LedgerPressCore

/// What a revised statement's template sees as `revision` ("Revised — version 2, first issued as of ...,
/// changes: ..."): the version, the first issue's time and each currency's figures before and now, in the
/// payee's words and locale.
public struct RevisionView {
    public var context: TemplateObject

    public init(revision: StatementRevision, wording: Wording, formats: MoneyFormats, locale: String) {
        let none = wording["none"]
        func money(_ amount: Money?) -> String {
            guard let amount else { return none }
            return formats.format(amount.minorUnits, amount.currency, locale: locale)
        }
        // The record keeps an RFC 3339 time; the payee reads it in their words.
        let firstIssued = RFC3339.parse(revision.firstIssuedAsOf).map {
            wording.asOf($0, offset: Int($0.offsetSeconds))
        }
        context = [
            "version": .text(String(revision.version)),
            "first_issued_as_of": .text(firstIssued ?? revision.firstIssuedAsOf),
            "changes": .list(
                revision.changes.map { change -> TemplateObject in
                    [
                        "currency": .text(change.currency.code),
                        "previous_net_activity": .text(money(change.previous?.netActivity)),
                        "net_activity": .text(money(change.current.netActivity)),
                        "previous_closing_balance": .text(money(change.previous?.closingBalance)),
                        "closing_balance": .text(money(change.current.closingBalance)),
                    ]
                }),
        ]
    }
}
