import LedgerPressCore

/// A problem found while building statements from a ledger that imported cleanly: bad data (exit 65),
/// never a bug in the tool.
public enum SiteError: Error, CustomStringConvertible {
    case unknownTimeZone(payee: String, zone: String)
    /// A total of one payee's (a period, a balance, a statement line) does not fit in `Int64` minor units.
    case payeeOverflow(BookOverflow)
    /// A total over all payees of one currency (the ledger's figures, the control totals) does not fit.
    case ledgerOverflow(currency: String, MoneyOverflow)
    /// The previous manifest records a statement period that is no period label.
    case unknownPeriod(payee: String, label: String)
    /// The run would publish fewer statements than the published site has, by more than the run allows.
    case shrink(ShrinkGuard.Drop)
    /// Two letters of the site would share one short path (`v/<short>.html`): the run fails rather than let one
    /// short URL lead to another letter's page.
    case letterShortPath(path: String, first: String, second: String)

    /// `payee drv_1, 2026-10, USD: the total of earnings exceeds what can be held exactly (...)`
    public var description: String {
        switch self {
        case .unknownTimeZone(let payee, let zone): return "payee \(payee): unknown time zone '\(zone)'"
        case .payeeOverflow(let overflow): return overflow.description
        case .ledgerOverflow(let currency, let overflow): return "all payees together, \(currency): \(overflow)"
        case .unknownPeriod(let payee, let label):
            return "payee \(payee): the previous manifest records a statement for '\(label)', which is no period"
        case .shrink(let drop): return drop.description
        case .letterShortPath(let path, let first, let second):
            return "letters \(first) and \(second) share the short path \(path); "
                + "a later --as-of issues them anew under other hashes"
        }
    }
}
