/// The figures of one payee, currency and period, in minor units.
///
/// > Note: `netActivity = earnings + tips + fees + adjustments + refunds`;
/// > `closingBalance = openingBalance + netActivity + payouts`.
public struct Figures: Sendable, Equatable {
    public var openingBalance: Int64 = 0
    public var earnings: Int64 = 0
    public var tips: Int64 = 0
    public var fees: Int64 = 0
    public var adjustments: Int64 = 0
    public var refunds: Int64 = 0
    public var payouts: Int64 = 0
    public var entries: Int = 0

    public init() {}

    public var netActivity: Int64 { earnings &+ tips &+ fees &+ adjustments &+ refunds }
    public var closingBalance: Int64 { openingBalance &+ netActivity &+ payouts }
    /// A driver's take: earnings with the platform's fees folded in.
    public var take: Int64 { earnings &+ fees }

    /// The sum of one kind.
    public subscript(kind: EntryKind) -> Int64 {
        get {
            switch kind {
            case .earning: return earnings
            case .tip: return tips
            case .fee: return fees
            case .adjustment: return adjustments
            case .refund: return refunds
            case .payout: return payouts
            }
        }
        set {
            switch kind {
            case .earning: earnings = newValue
            case .tip: tips = newValue
            case .fee: fees = newValue
            case .adjustment: adjustments = newValue
            case .refund: refunds = newValue
            case .payout: payouts = newValue
            }
        }
    }

    /// Adds one entry's signed amount (overflow traps: a ledger that overflows Int64 minor units is a bug to surface).
    public mutating func add(_ kind: EntryKind, _ amount: Int64) {
        self[kind] += amount
        entries += 1
    }

    /// Adds another set of figures (activity and entry count; the opening balance is kept).
    public mutating func absorb(_ other: Figures) {
        for kind in EntryKind.allCases { self[kind] += other[kind] }
        entries += other.entries
    }

    /// The amount of one kind.
    public func amount(of kind: EntryKind) -> Int64 { self[kind] }
}
