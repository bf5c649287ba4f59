import LedgerPressCore

extension NativeLedgerImporter {
    /// A row's payout arrival date and job distance (issue 50).
    struct Extras: Sendable, Equatable {
        var arrival: CivilDate?
        var distance: Distance?
    }

    /// Why a row's issue-50 fields are refused: the field, what it should hold, what it holds.
    struct ExtrasProblem: Error, Equatable {
        var field: String
        var expected: String
        var found: String
    }

    /// The row's `payout_arrival` (a `YYYY-MM-DD` date, on `payout` rows only) and `distance` with `distance_unit`
    /// (a non-negative decimal of at most 3 decimals and `km` or `mi`, on `earning` rows only, both or neither);
    /// empty texts are absent. Shared by every reader of native rows and by mappings.
    static func extras(kind: EntryKind, arrival: String?, distance: String?, unit: String?)
        -> Result<Extras, ExtrasProblem>
    {
        var extras = Extras()
        if let arrival, !arrival.isEmpty {
            guard kind == .payout else {
                return .failure(
                    .init(
                        field: "payout_arrival",
                        expected: "no arrival date on a \(kind.rawValue) row (only on payout rows)", found: arrival))
            }
            guard let date = CivilDate(iso: arrival) else {
                return .failure(
                    .init(field: "payout_arrival", expected: "a date such as 2026-11-16 (YYYY-MM-DD)", found: arrival))
            }
            extras.arrival = date
        }
        let distance = distance.flatMap { $0.isEmpty ? nil : $0 }
        let unit = unit.flatMap { $0.isEmpty ? nil : $0 }
        if distance != nil || unit != nil {
            guard kind == .earning else {
                let field = distance == nil ? "distance_unit" : "distance"
                return .failure(
                    .init(
                        field: field,
                        expected:
                            "no distance on a \(kind.rawValue) row (only on earning rows: a job's other rows share its reference)",
                        found: distance ?? unit ?? ""))
            }
            guard let distance else {
                return .failure(.init(field: "distance", expected: "a distance with its distance_unit", found: ""))
            }
            guard let thousandths = Distance.thousandths(distance) else {
                return .failure(.init(field: "distance", expected: Distance.expectation, found: distance))
            }
            guard let unit else {
                return .failure(.init(field: "distance_unit", expected: "km or mi", found: ""))
            }
            guard let parsed = DistanceUnit(rawValue: unit.lowercased()) else {
                return .failure(.init(field: "distance_unit", expected: "km or mi", found: unit))
            }
            extras.distance = Distance(thousandths: thousandths, unit: parsed)
        }
        return .success(extras)
    }
}
