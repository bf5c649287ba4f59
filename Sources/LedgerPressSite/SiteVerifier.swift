import Foundation
import LedgerPressCore
import LedgerPressImport

/// `ledgerpress verify DIR`: re-hashes every published file against `manifest.json` and recomputes the
/// control totals from `finance/summary.csv`. Reads only.
public enum SiteVerifier {
    struct PublishedManifest: Decodable {
        struct File: Decodable {
            var path: String
            var size: Int
            var sha256: String
        }
        struct Totals: Decodable {
            var currency: String
            var ledger_total: String
            var payees_total: String
            var day_statements_total: String?
            var week_statements_total: String?
            var month_statements_total: String?
        }
        var files: [File]
        var control_totals: [Totals]
    }

    /// Every difference found, as a message naming the file; empty when the site verifies.
    public static func verify(directory: URL) -> [String] {
        let fm = FileManager.default
        guard let data = fm.contents(atPath: directory.appendingPathComponent("manifest.json").path) else {
            return ["\(directory.path)/manifest.json: missing"]
        }
        guard let manifest = try? JSONDecoder().decode(PublishedManifest.self, from: data) else {
            return ["\(directory.path)/manifest.json: not a ledgerpress manifest"]
        }
        var problems: [String] = []
        var listed = Set<String>()
        for file in manifest.files {
            listed.insert(file.path)
            guard let bytes = fm.contents(atPath: directory.appendingPathComponent(file.path).path) else {
                problems.append("\(file.path): missing")
                continue
            }
            if bytes.count != file.size {
                problems.append("\(file.path): \(bytes.count) bytes, the manifest says \(file.size)")
            } else if Manifest.sha256(bytes) != file.sha256 {
                problems.append("\(file.path): SHA-256 differs from the manifest")
            }
        }
        if let walker = fm.enumerator(atPath: directory.path) {
            for case let path as String in walker where path != "manifest.json" && !listed.contains(path) {
                var isDirectory: ObjCBool = false
                if fm.fileExists(atPath: directory.appendingPathComponent(path).path, isDirectory: &isDirectory), !isDirectory.boolValue {
                    problems.append("\(path): not in the manifest")
                }
            }
        }
        problems += checkTotals(directory: directory, manifest: manifest)
        return problems
    }

    /// Sums `net_activity + payouts` of each period kind per currency from summary.csv and compares
    /// them with the manifest's control totals (the ledger's total).
    static func checkTotals(directory: URL, manifest: PublishedManifest) -> [String] {
        guard let bytes = FileManager.default.contents(atPath: directory.appendingPathComponent("finance/summary.csv").path) else {
            return ["finance/summary.csv: missing"]
        }
        var reader = CSVReader(bytes: [UInt8](bytes))
        guard let header = try? reader.next(), let period = header.fields.firstIndex(of: "period"),
            let currencyColumn = header.fields.firstIndex(of: "currency"), let net = header.fields.firstIndex(of: "net_activity"),
            let payouts = header.fields.firstIndex(of: "payouts")
        else { return ["finance/summary.csv: expected the summary header"] }
        var sums: [String: [String: Int64]] = [:]
        var problems: [String] = []
        while true {
            let record: CSVRecord
            do {
                guard let next = try reader.next() else { break }
                record = next
            } catch {
                problems.append("finance/summary.csv:\(error.line): \(error.description)")
                continue
            }
            let fields = record.fields
            guard fields.count == header.fields.count, let currency = Currency(code: fields[currencyColumn]),
                case .success(let a) = AmountParser.parse(fields[net], currency: currency, limit: .max),
                case .success(let b) = AmountParser.parse(fields[payouts], currency: currency, limit: .max),
                let change = try? MinorUnits.add(a.minorUnits, b.minorUnits, total: "net activity and payouts")
            else {
                problems.append("finance/summary.csv:\(record.line): expected a summary row, got '\(fields.joined(separator: ","))'")
                continue
            }
            let label = fields[period]
            let kind = label.contains("_") ? "range" : label.contains("-W") ? "week" : label.count == 7 ? "month" : "day"
            guard let sum = try? MinorUnits.add(sums[kind]?[currency.code] ?? 0, change, total: "\(kind) statements") else {
                problems.append("finance/summary.csv:\(record.line): \(kind) statements of \(currency.code): \(MoneyOverflow(total: "net activity and payouts"))")
                continue
            }
            sums[kind, default: [:]][currency.code] = sum
        }
        for totals in manifest.control_totals {
            guard let currency = Currency(code: totals.currency) else { continue }
            for (kind, expected) in [("day", totals.day_statements_total), ("week", totals.week_statements_total),
                ("month", totals.month_statements_total)]
            {
                guard let expected else { continue }
                let actual = PlainDecimal.format(sums[kind]?[currency.code] ?? 0, exponent: currency.exponent)
                if actual != expected {
                    problems.append("finance/summary.csv: \(kind) statements of \(currency.code) sum to \(actual), the manifest says \(expected)")
                }
                if expected != totals.ledger_total {
                    problems.append("manifest.json: \(kind) statements of \(currency.code) total \(expected), the ledger \(totals.ledger_total)")
                }
            }
            if totals.payees_total != totals.ledger_total {
                problems.append("manifest.json: payees of \(currency.code) total \(totals.payees_total), the ledger \(totals.ledger_total)")
            }
        }
        return problems
    }
}
