/// The figures of a payee's proof-of-income letter, issued as of one instant (the run's `--as-of`, else its
/// latest entry): the last 12 complete months, the year to date, the average weekly net over the last 4 and
/// 12 complete weeks, and the payouts received (paid) in the last 90 days, per currency.
///
/// > Note: every period is made of business days in the payee's zone (``BusinessCalendar``, with the payee's
/// > day and week start), like the statements it summarises. *Gross* is what a statement shows as the payee's
/// > income before deductions: a driver's take (earnings with fees folded in) or a merchant's gross sales;
/// > *net* is the statement's `net_activity`. A month or week is complete when it ends on or before the day
/// > the letter is issued on starts. Entries after the issue instant are never counted.
public struct IncomeLetter: Sendable, Equatable {
    /// Gross and net of one period.
    public struct Amounts: Sendable, Equatable {
        public var gross: Int64
        public var net: Int64

        public init(gross: Int64, net: Int64) {
            self.gross = gross
            self.net = net
        }
    }

    /// One complete month.
    public struct Month: Sendable, Equatable {
        /// The month's label (`2026-10`), as its statement's.
        public var label: String
        public var amounts: Amounts
    }

    /// The average weekly net over the last `weeks` complete weeks.
    public struct WeeklyNet: Sendable, Equatable {
        public var weeks: Int
        /// The first and last week's labels, as their statements'.
        public var firstWeek: String
        public var lastWeek: String
        /// The net of the weeks together.
        public var total: Int64
        /// `total / weeks`, rounded half away from zero (``IncomeLetter/average(_:over:)``).
        public var average: Int64
    }

    /// One payout received: a `payout` entry whose payout is `paid`, as a positive amount.
    public struct Payout: Sendable, Equatable {
        public var id: String
        public var day: CivilDate
        public var amount: Int64
    }

    /// One currency's figures.
    public struct CurrencyFigures: Sendable, Equatable {
        public var currency: Currency
        /// The 12 complete months before the issue day's month, oldest first (a month without entries as zero).
        public var months: [Month]
        /// From 1 January of the issue day's year through the issue instant.
        public var yearToDate: Amounts
        /// Over 4 and over 12 weeks.
        public var weeklyNet: [WeeklyNet]
        /// Paid payouts in ``IncomeLetter/payoutsFrom`` through the issue day, by time then id.
        public var payouts: [Payout]
        public var payoutsTotal: Int64
        /// Issue 50: the distance on jobs (earnings) of the year to date, per unit, never converted (as the year
        /// statement shows it); empty when no job carried one.
        public var yearToDateDistance = DistanceTotals()
    }

    public var payee: Payee
    /// The issue instant, and its offset in the payee's zone.
    public var issuedAt: Timestamp
    public var issuedAtOffset: Int
    /// The business day of the issue instant.
    public var issueDay: CivilDate
    /// The first day of the 90-day payout window (the window ends with the issue day).
    public var payoutsFrom: CivilDate
    /// One entry per currency the payee has an entry in by the issue instant, sorted by code.
    public var currencies: [CurrencyFigures]

    /// The number of days of the payout window.
    public static let payoutDays = 90
    /// The week counts of the weekly averages.
    public static let weekCounts = [4, 12]

    /// `total / count` in minor units, rounded half away from zero (`-5 / 2 = -3`, `5 / 2 = 3`, `4 / 3 = 1`).
    public static func average(_ total: Int64, over count: Int) -> Int64 {
        let divisor = Int64(count)
        let quotient = total / divisor
        let remainder = total % divisor
        // |remainder| < divisor <= Int64.max / 2, so doubling it cannot overflow.
        guard remainder.magnitude * 2 >= divisor.magnitude else { return quotient }
        return total < 0 ? quotient - 1 : quotient + 1
    }

    /// The gross of a period's figures for a payee of `type`.
    public static func gross(_ figures: Figures, type: PayeeType) -> Int64 {
        switch type {
        case .driver: return figures.take
        case .merchant: return figures.earnings
        }
    }
}
