/// The figures of one payee, currency and period, in minor units.
///
/// > Note: `netActivity = earnings + tips + fees + adjustments + refunds + tax` (`tax`: sales tax collected for
/// > someone else, never part of `earnings` or `take`);
/// > `change = netActivity + payouts`; `closingBalance = openingBalance + change`; `take = earnings + fees`.
/// > Every figure is checked as amounts are added, so a value of this type always holds exact sums: a
/// > total that would not fit in `Int64` throws ``MoneyOverflow`` instead. The sums of each kind and the
/// > opening balance are stored; the four totals made of them are computed when read (each was checked
/// > to fit when its parts were added), which keeps a statement line's figures small.
public struct Figures: Sendable, Equatable {
    /// The balance before the period (every earlier entry), without what is brought forward in it.
    public private(set) var priorBalance: Int64 = 0
    /// `opening_balance` entries in the period ("Brought forward", issue 50): part of the opening balance, never of
    /// activity.
    public private(set) var broughtForward: Int64 = 0
    public private(set) var earnings: Int64 = 0
    public private(set) var tips: Int64 = 0
    public private(set) var fees: Int64 = 0
    public private(set) var adjustments: Int64 = 0
    public private(set) var refunds: Int64 = 0
    public private(set) var payouts: Int64 = 0
    /// Sales tax collected for someone else (`tax` entries).
    public private(set) var tax: Int64 = 0
    public private(set) var entries: Int = 0
    /// `earnings + tips + fees + adjustments + refunds + tax`.
    public var netActivity: Int64 { earnings + tips + fees + adjustments + refunds + tax }
    /// `netActivity + payouts`: what the period moved the balance by (`closingBalance - openingBalance`).
    public var change: Int64 { netActivity + payouts }
    /// The balance the period opens with: the balance before it plus what is brought forward in it.
    public var openingBalance: Int64 { priorBalance + broughtForward }
    /// `openingBalance + netActivity + payouts`.
    public var closingBalance: Int64 { openingBalance + change }
    /// Everything that moved the balance in the period: `change` plus what was brought forward.
    public var movement: Int64 { change + broughtForward }
    /// A driver's take: earnings with the platform's fees folded in.
    public var take: Int64 { earnings + fees }

    public init() {}

    /// Figures from sums of each kind (as a shard records them), checked like ``add(_:_:)``.
    public init(
        openingBalance: Int64 = 0, earnings: Int64, tips: Int64, fees: Int64, adjustments: Int64, refunds: Int64,
        payouts: Int64, tax: Int64 = 0, broughtForward: Int64 = 0, entries: Int
    ) throws(MoneyOverflow) {
        for (kind, amount) in [
            (EntryKind.earning, earnings), (.tip, tips), (.fee, fees), (.adjustment, adjustments), (.refund, refunds),
            (.payout, payouts), (.tax, tax), (.openingBalance, broughtForward),
        ] {
            try add(kind, amount)
        }
        self.entries = entries
        try setOpeningBalance(openingBalance)
    }

    /// The figures of entries with these sums and an opening balance of zero.
    ///
    /// Equal to adding the entries one by one with ``add(_:_:)`` whenever every partial sum fits, which
    /// ``KindSums`` requires of its callers.
    init(exact sums: KindSums) {
        self.init()
        earnings = sums.earnings
        tips = sums.tips
        fees = sums.fees
        adjustments = sums.adjustments
        refunds = sums.refunds
        payouts = sums.payouts
        tax = sums.tax
        broughtForward = sums.broughtForward
        entries = sums.entries
    }

    /// The sum of one kind.
    public subscript(kind: EntryKind) -> Int64 {
        switch kind {
        case .earning: return earnings
        case .tip: return tips
        case .fee: return fees
        case .adjustment: return adjustments
        case .refund: return refunds
        case .payout: return payouts
        case .tax: return tax
        case .openingBalance: return broughtForward
        }
    }

    /// Adds one entry's signed amount to its kind and to every total it is part of.
    public mutating func add(_ kind: EntryKind, _ amount: Int64) throws(MoneyOverflow) {
        try addAmount(kind, amount)
        entries += 1
    }

    /// Adds another set of figures (activity and entry count; the opening balance is kept).
    public mutating func absorb(_ other: Figures) throws(MoneyOverflow) {
        for kind in EntryKind.allCases { try addAmount(kind, other[kind]) }
        entries += other.entries
    }

    /// Sets the balance before the period (what is brought forward in it comes on top); the closing balance follows.
    public mutating func setOpeningBalance(_ value: Int64) throws(MoneyOverflow) {
        let opening = try MinorUnits.add(value, broughtForward, total: "opening balance")
        _ = try MinorUnits.add(opening, change, total: "closing balance")
        priorBalance = value
    }

    /// The amount of one kind.
    public func amount(of kind: EntryKind) -> Int64 { self[kind] }

    private mutating func addAmount(_ kind: EntryKind, _ amount: Int64) throws(MoneyOverflow) {
        // Check everything first, then store: a throw leaves the figures as they were.
        // The narrowest total is named first: the kind, then net activity, then the balance.
        let sum = try MinorUnits.add(self[kind], amount, total: kind.totalName)
        if kind == .openingBalance {
            let sum = try MinorUnits.add(broughtForward, amount, total: kind.totalName)
            _ = try MinorUnits.add(openingBalance, amount, total: "opening balance")
            _ = try MinorUnits.add(closingBalance, amount, total: "closing balance")
            broughtForward = sum
            return
        }
        if kind != .payout { _ = try MinorUnits.add(netActivity, amount, total: "net activity") }
        if kind == .earning || kind == .fee { _ = try MinorUnits.add(take, amount, total: "take (earnings and fees)") }
        _ = try MinorUnits.add(change, amount, total: "net activity and payouts")
        _ = try MinorUnits.add(closingBalance, amount, total: "closing balance")
        switch kind {
        case .earning: earnings = sum
        case .tip: tips = sum
        case .fee: fees = sum
        case .adjustment: adjustments = sum
        case .refund: refunds = sum
        case .payout: payouts = sum
        case .tax: tax = sum
        case .openingBalance: broughtForward = sum
        }
    }
}

extension EntryKind {
    /// The plural a total of this kind is called in messages: `earnings`, `tips`, `fees`, ...
    public var totalName: String {
        switch self {
        case .earning: return "earnings"
        case .tip: return "tips"
        case .fee: return "fees"
        case .adjustment: return "adjustments"
        case .refund: return "refunds"
        case .payout: return "payouts"
        case .tax: return "tax"
        case .openingBalance: return "opening balances"
        }
    }
}
