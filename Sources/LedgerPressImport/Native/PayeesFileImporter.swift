import Foundation
import LedgerPressCore

/// Reads the payees file (`payee_id,payee_type,name,email,timezone,locale`), validating every row.
///
/// Unknown time zone, unknown locale, a duplicate payee and a bad payee type are errors with file and line.
public enum PayeesFileImporter {
    public static let requiredColumns = ["payee_id", "payee_type", "name", "email", "timezone", "locale"]

    public struct Result: Sendable {
        public var profiles: [String: PayeeProfile] = [:]
        public var diagnostics: [Diagnostic] = []
    }

    /// Locale identifiers Foundation knows (`en_US`, `de_DE`, ...).
    static let knownLocales: Set<String> = Set(Locale.availableIdentifiers)

    public static func read(bytes: [UInt8], file: String) -> Result {
        var result = Result()
        var reader = CSVReader(bytes: bytes)
        func problem(_ line: Int, _ field: String?, _ expected: String, _ found: String?) {
            result.diagnostics.append(Diagnostic(at: SourceLocation(file: file, line: line, field: field), expected: expected, found: found))
        }
        let header: HeaderMap
        do {
            guard let first = try reader.next() else {
                problem(0, nil, "a header row (\(requiredColumns.joined(separator: ",")))", "an empty file")
                return result
            }
            header = HeaderMap(first.fields)
            let missing = header.missing(["payee_id", "timezone"])
            if !missing.isEmpty {
                problem(first.line, "header", "the payees file columns; missing \(missing.joined(separator: ", "))",
                    first.fields.joined(separator: ","))
                return result
            }
        } catch {
            problem(error.line, nil, "a readable CSV header", error.description)
            return result
        }
        var firstLine: [String: Int] = [:]
        while true {
            let record: CSVRecord
            do {
                guard let next = try reader.next() else { break }
                record = next
            } catch {
                problem(error.line, nil, "a well-formed CSV record", error.description)
                continue
            }
            let fields = record.fields
            if fields.count == 1 && fields[0].isEmpty { continue }
            guard fields.count == header.names.count else {
                problem(record.line, nil, "\(header.names.count) fields as in the header", "\(fields.count) fields")
                continue
            }
            let before = result.diagnostics.count
            guard let id = header.value("payee_id", in: fields) else {
                problem(record.line, "payee_id", "a value", "")
                continue
            }
            if let line = firstLine[id] {
                problem(record.line, "payee_id", "each payee once (first at line \(line))", id)
                continue
            }
            firstLine[id] = record.line
            var type: PayeeType?
            if let text = header.value("payee_type", in: fields) {
                type = PayeeType(rawValue: text.lowercased())
                if type == nil { problem(record.line, "payee_type", "driver or merchant", text) }
            }
            let zone = header.value("timezone", in: fields) ?? ""
            if ZoneClock(identifier: zone) == nil {
                problem(record.line, "timezone", "an IANA time zone such as America/New_York", zone)
            }
            let locale = header.value("locale", in: fields) ?? "en_US"
            if !knownLocales.contains(locale) {
                problem(record.line, "locale", "a locale identifier such as en_US or de_DE", locale)
            }
            guard result.diagnostics.count == before else { continue }
            result.profiles[id] = PayeeProfile(
                id: id, type: type, name: header.value("name", in: fields), email: header.value("email", in: fields),
                timeZone: zone, locale: locale, source: SourceLocation(file: file, line: record.line))
        }
        return result
    }
}
