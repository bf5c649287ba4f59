/// A year statement's gross by month (January to December, as Form 1099-K's boxes 5a to 5l report gross
/// payments per month) with the count of jobs or charges, for one currency.
///
/// > Note: "gross" is what the payee's statements call their earnings: a driver's take (earnings after the
/// > platform's share, ``Figures/take``), a merchant's sales (``Figures/earnings``); the jobs or charges are
/// > the month's `earning` entries. An entry counts to the month of its business day, so each month's figures
/// > are those of that month's statement.
public struct AnnualSummary: Sendable, Equatable {
    /// One month of the annual summary: its gross and its count of jobs or charges.
    public struct Month: Sendable, Equatable {
        /// 1 to 12.
        public var month: Int
        /// The month's take (drivers) or sales (merchants).
        public var gross: Int64
        /// The month's `earning` entries.
        public var count: Int

        public init(month: Int, gross: Int64, count: Int) {
            self.month = month
            self.gross = gross
            self.count = count
        }
    }

    /// Twelve months, January first.
    public var months: [Month]

    public init(months: [Month]) { self.months = months }

    /// A month's gross from its figures: take for a driver, sales for a merchant.
    public static func gross(_ figures: Figures, driver: Bool) throws(MoneyOverflow) -> Int64 {
        driver ? try MinorUnits.add(figures.earnings, figures.fees, total: "take") : figures.earnings
    }

    /// The 1099-K box of each month: `5a` (January) to `5l` (December).
    public static func box(month: Int) -> String {
        "5" + String(UnicodeScalar(UInt8(ascii: "a") + UInt8(clamping: month - 1)))
    }
}
