/// Sums of signed amounts by entry kind, and the entry count, of a run of entries; no derived totals.
///
/// > Note: unchecked by design: used only where every sum of the entries involved is known to fit in
/// > `Int64` (``CurrencyHistory`` checks that the sum of their magnitudes does), so no operation here can
/// > overflow. A trap here would be a bug, never a wrong figure.
struct KindSums: Sendable, Equatable {
    var earnings: Int64 = 0
    var tips: Int64 = 0
    var fees: Int64 = 0
    var adjustments: Int64 = 0
    var refunds: Int64 = 0
    var payouts: Int64 = 0
    var tax: Int64 = 0
    var broughtForward: Int64 = 0
    var entries = 0

    mutating func add(_ kind: EntryKind, _ amount: Int64) {
        switch kind {
        case .earning: earnings += amount
        case .tip: tips += amount
        case .fee: fees += amount
        case .adjustment: adjustments += amount
        case .refund: refunds += amount
        case .payout: payouts += amount
        case .tax: tax += amount
        case .openingBalance: broughtForward += amount
        }
        entries += 1
    }

    /// The sums of the entries in `later` but not in `earlier` (a run's sums from two running totals).
    static func - (later: KindSums, earlier: KindSums) -> KindSums {
        KindSums(
            earnings: later.earnings - earlier.earnings, tips: later.tips - earlier.tips,
            fees: later.fees - earlier.fees,
            adjustments: later.adjustments - earlier.adjustments, refunds: later.refunds - earlier.refunds,
            payouts: later.payouts - earlier.payouts, tax: later.tax - earlier.tax,
            broughtForward: later.broughtForward - earlier.broughtForward,
            entries: later.entries - earlier.entries)
    }

    /// `netActivity + payouts`: what these entries move a balance by.
    var change: Int64 { earnings + tips + fees + adjustments + refunds + tax + payouts + broughtForward }
}
