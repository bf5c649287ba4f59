import LedgerPressCore

/// Local times as ISO text (`2026-10-03 14:22`), the form the finance pages use; what a payee reads is
/// in their language and date layout (``Wording``: `title(_:)`, `time(_:offset:)`, `asOf(_:offset:)`).
public enum PeriodText {
    /// `2026-10-03 14:22` in the given offset (the payee's local time).
    public static func shortTime(_ timestamp: Timestamp, offset: Int) -> String {
        let text = Timestamp.format(epochSeconds: timestamp.epochSeconds, offsetSeconds: offset)
        return String(text.prefix(10)) + " " + String(text.dropFirst(11).prefix(5))
    }

    /// `2026-10-31 22:10 (UTC-04:00)`
    public static func asOf(_ timestamp: Timestamp, offset: Int) -> String {
        let text = Timestamp.format(epochSeconds: timestamp.epochSeconds, offsetSeconds: offset)
        return shortTime(timestamp, offset: offset) + " (UTC" + String(text.suffix(6)) + ")"
    }
}
