extension IncomeLetter {
    /// What the `document` field of every figures document says.
    public static let documentKind = "ledgerpress proof-of-income letter"
    /// The figures document's `version`. 2: the letter that carries it also signs its addresses (its
    /// `urls_signature`), so a verifier refuses a letter of this version without that signature; 1: letters issued
    /// before, whose addresses were not signed.
    public static let documentVersion: Int64 = 2
    /// The rounding rule of `average`, as the document states it.
    public static let roundingRule = "average = total / weeks in minor units, rounded half away from zero"

    /// The figures document: every figure the letter shows, amounts as integers in minor units beside their
    /// currency (code and exponent). Its canonical bytes (``CanonicalJSON``) are what the letter's SHA-256 and
    /// signature cover.
    ///
    /// Fields: `document`, `version`, `issuer` (or null), `issued_at` (the payee's local time with offset),
    /// `issue_day`, `payee` (`id`, `name`, `type`), `payouts_from`, `rounding`, and `currencies`: per
    /// currency `currency`, `exponent`, `months` (`month`, `gross`, `net`), `year_to_date` (`year`, `gross`,
    /// `net`), `weekly_net` (`weeks`, `first_week`, `last_week`, `total`, `average`), `payouts` (`id`, `day`,
    /// `amount`) and `payouts_total`. Issue 50: `year_to_date` also has `distance` (`km`, `mi`: the jobs' distance
    /// in thousandths of that unit) only when some job of the year to date carried one, so a letter without
    /// distances has the bytes it had before and every letter issued before verifies as it did.
    public func document(issuer: String?) -> CanonicalJSON {
        func amounts(_ value: Amounts, _ extra: [String: CanonicalJSON]) -> CanonicalJSON {
            .object(extra.merging(["gross": .integer(value.gross), "net": .integer(value.net)]) { first, _ in first })
        }
        let currencies: [CanonicalJSON] = currencies.map { part in
            .object([
                "currency": .string(part.currency.code),
                "exponent": .integer(Int64(part.currency.exponent)),
                "months": .array(part.months.map { amounts($0.amounts, ["month": .string($0.label)]) }),
                "year_to_date": amounts(part.yearToDate, yearToDate(part.yearToDateDistance)),
                "weekly_net": .array(
                    part.weeklyNet.map {
                        .object([
                            "weeks": .integer(Int64($0.weeks)), "first_week": .string($0.firstWeek),
                            "last_week": .string($0.lastWeek), "total": .integer($0.total),
                            "average": .integer($0.average),
                        ])
                    }),
                "payouts": .array(
                    part.payouts.map {
                        .object([
                            "id": .string($0.id), "day": .string($0.day.description), "amount": .integer($0.amount),
                        ])
                    }),
                "payouts_total": .integer(part.payoutsTotal),
            ])
        }
        func yearToDate(_ distance: DistanceTotals) -> [String: CanonicalJSON] {
            var members: [String: CanonicalJSON] = ["year": .string(String(issueDay.year))]
            if !distance.isEmpty {
                var units: [String: CanonicalJSON] = [:]
                for unit in DistanceUnit.allCases {
                    if let value = distance[unit] { units[unit.rawValue] = .integer(value) }
                }
                members["distance"] = .object(units)
            }
            return members
        }
        return .object([
            "document": .string(IncomeLetter.documentKind),
            "version": .integer(IncomeLetter.documentVersion),
            "issuer": issuer.map { .string($0) } ?? .null,
            "issued_at": .string(Timestamp.format(epochSeconds: issuedAt.epochSeconds, offsetSeconds: issuedAtOffset)),
            "issue_day": .string(issueDay.description),
            "payee": .object([
                "id": .string(payee.id), "name": .string(payee.name), "type": .string(payee.type.rawValue),
            ]),
            "payouts_from": .string(payoutsFrom.description),
            "rounding": .string(IncomeLetter.roundingRule),
            "currencies": .array(currencies),
        ])
    }
}
