import LedgerPressCore

extension Wording {
    /// `Monday 16 November`, `Montag, 16. November`, `lunes, 16 de noviembre`, `lundi 16 novembre`: a date close
    /// enough that its year goes without saying (a payout's arrival).
    public func weekdayDate(_ date: CivilDate) -> String {
        fill(
            "date_weekday",
            [
                "weekday": names.weekdays[date.isoWeekday - 1], "day": String(date.day),
                "month": names.months[date.month - 1],
            ])
    }

    /// A payout's arrival as its line shows it: `expected Monday 16 November`, or once paid `arrived Monday 16
    /// November`; empty when the data does not say (nothing is guessed).
    public func arrival(_ date: CivilDate?, status: PayoutStatus?) -> String {
        guard let date else { return "" }
        return fill(status == .paid ? "arrival_arrived" : "arrival_expected", ["date": weekdayDate(date)])
    }

    /// The home's line for a payout on its way: `Pending $67.00 — expected Monday 16 November`.
    public func payoutOnItsWay(status: PayoutStatus?, amount: String, arrival: CivilDate) -> String {
        fill("payout_expected", ["status": self.status(status), "amount": amount, "date": weekdayDate(arrival)])
    }

    /// A distance as the payee reads it: `12.5 km`, `7,25 mi` (the language's decimal separator; exact, no rounding).
    public func distance(_ thousandths: Int64, _ unit: DistanceUnit) -> String {
        Distance.short(thousandths, separator: language == "en" ? "." : ",") + "\u{A0}" + unit.rawValue
    }

    /// Every unit's total of `totals`, km first: `1,234.5 km · 12 mi`; empty when no job carried a distance.
    public func distances(_ totals: DistanceTotals) -> String {
        DistanceUnit.allCases.compactMap { unit in totals[unit].map { distance($0, unit) } }.joined(separator: " · ")
    }
}
