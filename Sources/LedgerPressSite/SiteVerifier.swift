import Foundation
import LedgerPressCore
import LedgerPressImport
import LedgerPressPublish

/// `ledgerpress verify DIR`: re-hashes every published file against the digest chain of the manifests
/// (`manifest.json` → each `payees/<slug>/manifest.json` → that folder's files), re-checks every
/// `finance/summary.csv` row's arithmetic and recomputes the control totals from it. Reads only.
///
/// > Note: every message names a file relative to the site (`finance/summary.csv:7: error: ...`); the
/// > caller puts the folder before it, once.
public enum SiteVerifier {
    struct PublishedManifest: Decodable {
        struct File: Decodable {
            var path: String
            var size: Int
            var sha256: String
        }
        struct Payee: Decodable {
            var id: String
            var slug: String
            var manifest: File
        }
        var files: [File]
        var payees: [Payee]
        var control_totals: [ControlTotals]
        /// The top-level names the publish carried over as the user's (a `.git`, a `CNAME`).
        var carried: [String]?
    }

    struct PublishedPayeeManifest: Decodable {
        var files: [PublishedManifest.File]
    }

    /// Every difference found, as a message naming the file relative to `directory`; empty when the site verifies.
    public static func verify(directory: URL) -> [String] {
        let fm = FileManager.default
        guard let data = fm.contents(atPath: directory.appendingPathComponent("manifest.json").path) else {
            return ["manifest.json: missing"]
        }
        guard let manifest = try? JSONDecoder().decode(PublishedManifest.self, from: data) else {
            return ["manifest.json: not a ledgerpress manifest"]
        }
        var problems: [String] = []
        var listed = Set<String>()
        var links: [String: Bool] = [:]
        /// Whether the path or a folder on the way to it is a symbolic link (a publish never makes one).
        func throughLink(_ path: String) -> Bool {
            var prefix = ""
            for component in path.split(separator: "/") {
                prefix += prefix.isEmpty ? String(component) : "/" + component
                if let known = links[prefix] {
                    if known { return true }
                    continue
                }
                let type =
                    (try? fm.attributesOfItem(atPath: directory.appendingPathComponent(prefix).path))?[.type]
                    as? FileAttributeType
                links[prefix] = type == .typeSymbolicLink
                if type == .typeSymbolicLink { return true }
            }
            return false
        }
        var queue = manifest.files.map { ("manifest.json", $0, Set<String>?.none) }
        for payee in manifest.payees {
            queue.append(("manifest.json", payee.manifest, [payee.slug]))
        }
        var index = 0
        while index < queue.count {
            let (source, file, slugs) = queue[index]
            index += 1
            guard listed.insert(file.path).inserted else {
                problems.append("\(source): error: files: '\(SitePath.quoted(file.path))': listed more than once")
                continue
            }
            do {
                try SitePath.check(file.path, payeeSlugs: slugs)
                if slugs != nil, source == "manifest.json", !file.path.hasSuffix("/manifest.json") {
                    throw SitePath.Violation.outsideKnownFiles
                }
            } catch {
                problems.append(
                    "\(source): error: files: '\(SitePath.quoted(file.path))': expected a path a site may hold, got \(error)"
                )
                continue
            }
            if throughLink(file.path) {
                problems.append("\(file.path): a symbolic link (or inside one), not a file the site published")
                continue
            }
            // Read without waiting: a FIFO put where a file was reads as empty instead of hanging the check.
            guard let bytes = (try? SystemFile.read(directory.appendingPathComponent(file.path).path)) ?? nil else {
                problems.append("\(file.path): missing")
                continue
            }
            if bytes.count != file.size {
                problems.append("\(file.path): \(bytes.count) bytes, the manifest says \(file.size)")
            } else if Manifest.sha256(bytes) != file.sha256 {
                problems.append("\(file.path): SHA-256 differs from the manifest")
            } else if let slugs, source == "manifest.json" {
                // A payee's manifest, vouched for by the top-level one: its files are checked next.
                guard let payee = try? JSONDecoder().decode(PublishedPayeeManifest.self, from: bytes) else {
                    problems.append("\(file.path): not a ledgerpress payee manifest")
                    continue
                }
                queue += payee.files.map { (file.path, $0, slugs) }
            }
        }
        if let walker = fm.enumerator(atPath: directory.path) {
            for case let path as String in walker where path != "manifest.json" && !listed.contains(path) {
                // A shard's seal is the build's record of the shard, never a file of the site (``ShardSeal``).
                if path == ShardSeal.name, listed.contains(ShardRecord.path) { continue }
                // The top-level entries the publish carried over as the user's (a `.git`, a `CNAME`): the manifest
                // names them, and no digest speaks for their bytes.
                let top = String(path.split(separator: "/", maxSplits: 1).first ?? "")
                if manifest.carried?.contains(top) == true {
                    if top == path { walker.skipDescendants() }
                    continue
                }
                var isDirectory: ObjCBool = false
                if fm.fileExists(atPath: directory.appendingPathComponent(path).path, isDirectory: &isDirectory),
                    !isDirectory.boolValue
                {
                    problems.append("\(SitePath.quoted(path)): not in the manifest")
                }
            }
        }
        problems += checkTotals(directory: directory, manifest: manifest)
        return problems
    }

    /// Checks each summary.csv row's arithmetic, sums `net_activity + payouts` of each period kind per
    /// currency and compares the sums with the manifest's control totals (the ledger's total).
    static func checkTotals(directory: URL, manifest: PublishedManifest) -> [String] {
        guard
            let bytes = FileManager.default.contents(
                atPath: directory.appendingPathComponent("finance/summary.csv").path)
        else {
            return ["finance/summary.csv: missing"]
        }
        var reader = CSVReader(bytes: [UInt8](bytes))
        guard let header = try? reader.next(), let period = header.fields.firstIndex(of: "period"),
            let currencyColumn = header.fields.firstIndex(of: "currency"),
            let columns = SummaryRowCheck(header: header.fields)
        else { return ["finance/summary.csv: expected the summary header"] }
        var sums: [String: [String: Int64]] = [:]
        var problems: [String] = []
        // Issue 50: balances brought forward count toward the ledger's total, not toward net activity.
        let broughtForwardColumn = header.fields.firstIndex(of: "brought_forward")
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
                let row = columns.amounts(fields, currency: currency)
            else {
                problems.append(
                    "finance/summary.csv:\(record.line): expected a summary row, got '\(SitePath.quoted(fields.joined(separator: ",")))'"
                )
                continue
            }
            problems += columns.check(row, currency: currency).map {
                "finance/summary.csv:\(record.line): error: \($0)"
            }
            let label = fields[period]
            let kind = (Period(label: label)?.kind ?? .day).rawValue
            var (activity, overflow) = row.netActivity.addingReportingOverflow(row.payouts)
            if let column = broughtForwardColumn, !fields[column].isEmpty {
                let forward = try? AmountParser.parse(fields[column], currency: currency).get()
                guard let forward else {
                    problems.append(
                        "finance/summary.csv:\(record.line): error: brought_forward: expected an amount, got '\(SitePath.quoted(fields[column]))'"
                    )
                    continue
                }
                let added = activity.addingReportingOverflow(forward.minorUnits)
                activity = added.partialValue
                overflow = overflow || added.overflow
            }
            let (sum, overflows) = sums[kind, default: [:]][currency.code, default: 0].addingReportingOverflow(activity)
            guard !overflow, !overflows else {
                problems.append(
                    "finance/summary.csv:\(record.line): error: the \(kind) statements of \(currency.code) sum to more than 64-bit minor units hold"
                )
                continue
            }
            sums[kind, default: [:]][currency.code] = sum
        }
        for totals in manifest.control_totals {
            guard let currency = Currency(code: totals.currency) else { continue }
            for periodKind in PeriodKind.calendarKinds {
                guard let expected = totals[statementsOf: periodKind] else { continue }
                let kind = periodKind.rawValue
                let actual = PlainDecimal.format(sums[kind]?[currency.code] ?? 0, exponent: currency.exponent)
                if actual != expected {
                    problems.append(
                        "finance/summary.csv: \(kind) statements of \(currency.code) sum to \(actual), the manifest says \(expected)"
                    )
                }
                if expected != totals.ledgerTotal {
                    problems.append(
                        "manifest.json: \(kind) statements of \(currency.code) total \(expected), the ledger \(totals.ledgerTotal)"
                    )
                }
            }
            if totals.payeesTotal != totals.ledgerTotal {
                problems.append(
                    "manifest.json: payees of \(currency.code) total \(totals.payeesTotal), the ledger \(totals.ledgerTotal)"
                )
            }
        }
        return problems
    }
}
