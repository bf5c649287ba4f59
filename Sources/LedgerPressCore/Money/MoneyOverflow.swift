/// A total of minor units that does not fit in `Int64`: the data asks for a sum the tool cannot hold exactly.
///
/// > Note: amounts are refused at import beyond ±``AmountParser/limit`` minor units, so a total
/// > overflows only when very many huge amounts are added together; that is bad data, never a crash.
public struct MoneyOverflow: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was being added up, in words: `earnings`, `net activity`, `closing balance`, ...
    public var total: String

    public init(total: String) {
        self.total = total
    }

    /// `the total of earnings exceeds what can be held exactly (±9,223,372,036,854,775,807 minor units)`
    public var description: String {
        "the total of \(total) exceeds what can be held exactly (±9,223,372,036,854,775,807 minor units)"
    }
}

/// Checked arithmetic on minor units: every sum, difference and negation of money goes through here.
public enum MinorUnits {
    /// `a + b`, or ``MoneyOverflow`` naming `total`.
    @inlinable
    public static func add(_ a: Int64, _ b: Int64, total: @autoclosure () -> String) throws(MoneyOverflow) -> Int64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        if overflow { throw MoneyOverflow(total: total()) }
        return sum
    }

    /// `a - b`, or ``MoneyOverflow`` naming `total`.
    @inlinable
    public static func subtract(_ a: Int64, _ b: Int64, total: @autoclosure () -> String) throws(MoneyOverflow) -> Int64
    {
        let (difference, overflow) = a.subtractingReportingOverflow(b)
        if overflow { throw MoneyOverflow(total: total()) }
        return difference
    }

    /// `-a`, or ``MoneyOverflow`` naming `total` (only `Int64.min` has no negation).
    @inlinable
    public static func negate(_ a: Int64, total: @autoclosure () -> String) throws(MoneyOverflow) -> Int64 {
        try subtract(0, a, total: total())
    }

    /// The sum of `values`, or ``MoneyOverflow`` naming `total`.
    public static func sum<S: Sequence>(_ values: S, total: @autoclosure () -> String) throws(MoneyOverflow) -> Int64
    where S.Element == Int64 {
        var result: Int64 = 0
        for value in values { result = try add(result, value, total: total()) }
        return result
    }
}
