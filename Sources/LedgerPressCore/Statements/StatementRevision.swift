/// What a revised statement tells the payee about the versions before it: its version number, when the
/// statement was first issued, and for each currency the figures the previous version showed and those it
/// shows now.
///
/// > Note: amounts are ``Money``: the manifest that keeps them between runs writes plain decimals
/// > (``PlainDecimal``) and reads them back into money once, when it is read.
public struct StatementRevision: Sendable, Equatable {
    /// A currency's net activity and closing balance on one version of a statement.
    public struct Figures: Sendable, Equatable {
        public var netActivity: Money
        public var closingBalance: Money

        public init(netActivity: Money, closingBalance: Money) {
            self.netActivity = netActivity
            self.closingBalance = closingBalance
        }
    }

    /// One currency's figures before (nil: the previous version had no such section) and now.
    public struct Change: Sendable, Equatable {
        public var currency: Currency
        public var previous: Figures?
        public var current: Figures

        public init(currency: Currency, previous: Figures?, current: Figures) {
            self.currency = currency
            self.previous = previous
            self.current = current
        }
    }

    /// 1 for a statement never revised.
    public var version: Int
    /// The `as_of` of the statement's first version, RFC 3339 as recorded.
    public var firstIssuedAsOf: String
    /// The changes that made this version (empty for version 1), by currency code.
    public var changes: [Change]

    public init(version: Int, firstIssuedAsOf: String, changes: [Change]) {
        self.version = version
        self.firstIssuedAsOf = firstIssuedAsOf
        self.changes = changes
    }
}
