/// Who a statement is for.
public struct Payee: Sendable, Equatable {
    public var id: String
    public var type: PayeeType
    /// Display name: the payees file's name, else the ledger's last non-empty `payee_name`, else the id.
    public var name: String
    public var timeZone: String
    public var locale: String
    /// When the payee's business day starts (the payees file's `day_start`, else `--day-start`).
    public var dayStart: DayStart
    /// The first day of the payee's weeks (the payees file's `week_start`, else `--week-start`).
    public var weekStart: Weekday

    public init(
        id: String, type: PayeeType, name: String, timeZone: String, locale: String, dayStart: DayStart = .midnight,
        weekStart: Weekday = .monday
    ) {
        self.id = id
        self.type = type
        self.name = name
        self.timeZone = timeZone
        self.locale = locale
        self.dayStart = dayStart
        self.weekStart = weekStart
    }
}

/// One statement line: the entries of one `reference` in the period, or one entry without a reference.
public struct StatementLine: Sendable, Equatable {
    /// The first entry's time (instant; shown in the payee's zone).
    public var occurredAt: Timestamp
    /// The UTC offset of the payee's zone at `occurredAt`.
    public var localOffset: Int
    /// The payee's business day of `occurredAt` (``BusinessCalendar``): the day the line counts to.
    public var day: CivilDate
    public var reference: String?
    public var description: String?
    public var payoutID: String?
    public var payoutStatus: PayoutStatus?
    /// The arrival date of the line's payout, when its payout row gives one (issue 50).
    public var payoutArrival: CivilDate? = nil
    /// The distance of the line's job, per unit (its `earning` rows'; issue 50).
    public var distance = DistanceTotals()
    /// Sums by kind, and the entry count.
    public var figures: Figures
    /// The first entry's id (tie-break for sorting).
    public var firstEntryID: String

    /// The line's sum: its net activity plus payouts.
    public var net: Int64 { figures.change }
}

/// A payout shown on a statement: its own `payout` row(s) in the period.
public struct PayoutLine: Sendable, Equatable {
    public var payoutID: String
    public var occurredAt: Timestamp
    public var localOffset: Int
    /// The payee's business day of `occurredAt` (``BusinessCalendar``).
    public var day: CivilDate
    public var amount: Int64
    public var status: PayoutStatus?
    /// The date the money is expected at (or, once paid, reached) the bank, when the data says (issue 50).
    public var arrival: CivilDate? = nil
}

/// One currency's part of a statement.
public struct CurrencySection: Sendable, Equatable {
    public var currency: Currency
    public var figures: Figures
    public var lines: [StatementLine]
    public var payouts: [PayoutLine]
    /// Year to date (from 1 January local up to the period end); set on month statements.
    public var yearToDate: Figures?
    /// Gross by month with the count of jobs or charges; set on year statements.
    public var annual: AnnualSummary? = nil
    /// The period's distance on jobs, per unit (the sum of its lines'; issue 50).
    public var distance = DistanceTotals()
}

/// A payee's statement for one period, with a section per currency (sorted by code).
public struct Statement: Sendable, Equatable {
    public var payee: Payee
    public var period: Period
    public var sections: [CurrencySection]
    /// The latest entry time of the payee up to the period's end (never the wall clock).
    public var asOf: Timestamp
    public var asOfOffset: Int
}
