/// A payee's total that does not fit in `Int64` minor units: bad data naming the payee, period and currency.
public struct BookOverflow: Error, Sendable, Equatable, CustomStringConvertible {
    public var payeeID: String
    /// The period's label (`2026-10`), or nil for the payee's all-time figures.
    public var period: String?
    public var currency: String
    public var overflow: MoneyOverflow

    public init(payeeID: String, period: String?, currency: String, overflow: MoneyOverflow) {
        self.payeeID = payeeID
        self.period = period
        self.currency = currency
        self.overflow = overflow
    }

    /// `payee drv_1, 2026-10, USD: the total of earnings exceeds what can be held exactly (...)`
    public var description: String {
        "payee \(payeeID), \(period ?? "all time"), \(currency): \(overflow)"
    }
}
