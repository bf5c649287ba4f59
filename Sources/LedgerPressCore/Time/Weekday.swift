/// A day of the week: the day a payee's week starts on (Monday by default, ISO 8601).
public enum Weekday: String, Sendable, CaseIterable {
    case monday, tuesday, wednesday, thursday, friday, saturday, sunday

    /// What a message about a bad week start expects: `monday, tuesday, ... or sunday`.
    public static let expected =
        "a weekday: "
        + Weekday.allCases.dropLast().map(\.rawValue).joined(separator: ", ") + " or "
        + (Weekday.allCases.last?.rawValue ?? "")

    /// Reads a weekday's English name in any case (`Sunday`, `sunday`); nil for anything else.
    public init?(name: String) {
        self.init(rawValue: name.lowercased())
    }

    /// ISO weekday number: Monday 1 ... Sunday 7 (``CivilDate/isoWeekday``).
    public var isoNumber: Int {
        switch self {
        case .monday: return 1
        case .tuesday: return 2
        case .wednesday: return 3
        case .thursday: return 4
        case .friday: return 5
        case .saturday: return 6
        case .sunday: return 7
        }
    }
}
