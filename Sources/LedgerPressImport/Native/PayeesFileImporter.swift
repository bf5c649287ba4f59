import Foundation
import LedgerPressCore

/// Reads the payees file (`payee_id,payee_type,name,email,timezone,locale`, optionally `day_start`,
/// `week_start` and `email_statements`), validating every row.
///
/// Unknown time zone, unknown locale, a duplicate payee, a bad payee type, a day start that is not `HH:MM` and a
/// week start that is not a weekday are errors with file, line and field. An empty `day_start` or `week_start`
/// takes the run's `--day-start` or `--week-start`.
public enum PayeesFileImporter {
    public static let columns = ["payee_id", "payee_type", "name", "email", "timezone", "locale"]
    /// Columns a payees file may add after ``columns``.
    public static let optionalColumns = ["day_start", "week_start", "email_statements"]

    /// What a payees file gave: each payee's profile by id, and every problem found.
    public struct Contents: Sendable {
        public var profiles: [String: PayeeProfile] = [:]
        public var diagnostics: [Diagnostic] = []
    }

    public static func read(bytes: [UInt8], file: String) -> Contents {
        var profiles: [String: PayeeProfile] = [:]
        var firstLine: [String: Int] = [:]
        var table = CSVTable(file: file, format: .native)
        table.read(
            bytes, what: "the payees file columns", required: [["payee_id"], ["timezone"]],
            example: columns.joined(separator: ",")
        ) {
            record, header, table in
            let fields = record.fields
            let line = record.line
            let before = table.result.diagnostics.count
            guard let id = header.value("payee_id", in: fields) else {
                table.problem(line, "payee_id", "a value", "")
                return nil
            }
            if let first = firstLine[id] {
                table.problem(line, "payee_id", "each payee once (first at line \(first))", id)
                return nil
            }
            firstLine[id] = line
            var type: PayeeType?
            if let text = header.value("payee_type", in: fields) {
                type = PayeeType(rawValue: text.lowercased())
                if type == nil { table.problem(line, "payee_type", "driver or merchant", text) }
            }
            let zone = header.value("timezone", in: fields) ?? ""
            if ZoneClock(identifier: zone) == nil {
                table.problem(line, "timezone", "an IANA time zone such as America/New_York", zone)
            }
            table.check(id, .identifier, line: line, field: "payee_id")
            table.check(header.value("name", in: fields), .name, line: line, field: "name")
            table.check(header.value("email", in: fields), .identifier, line: line, field: "email")
            let locale = header.value("locale", in: fields) ?? "en_US"
            if !MoneyLocale.isKnown(locale) {
                table.problem(line, "locale", MoneyLocale.expected, locale)
            }
            var dayStart: DayStart?
            if let text = header.value("day_start", in: fields) {
                dayStart = DayStart(parsing: text)
                if dayStart == nil { table.problem(line, "day_start", DayStart.expected, text) }
            }
            var weekStart: Weekday?
            if let text = header.value("week_start", in: fields) {
                weekStart = Weekday(name: text)
                if weekStart == nil { table.problem(line, "week_start", Weekday.expected, text) }
            }
            var emailStatements: Bool?
            if let text = header.value("email_statements", in: fields) {
                switch text.lowercased() {
                case "yes": emailStatements = true
                case "no": emailStatements = false
                default: table.problem(line, "email_statements", "yes or no", text)
                }
            }
            guard table.result.diagnostics.count == before else { return nil }
            profiles[id] = PayeeProfile(
                id: id, type: type, name: header.value("name", in: fields), email: header.value("email", in: fields),
                timeZone: zone, locale: locale, dayStart: dayStart, weekStart: weekStart,
                source: SourceLocation(file: file, line: line))
            profiles[id]?.emailStatements = emailStatements
            return []
        }
        return Contents(profiles: profiles, diagnostics: table.result.diagnostics)
    }
}
