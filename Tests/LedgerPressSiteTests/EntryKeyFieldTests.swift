import Foundation
import LedgerPressCore
import Testing

@testable import LedgerPressSite

/// Every field of a ledger entry reaches a payee's key or is listed, with why, as one that does not
/// (``EntryKeyField``): a field added to ``LedgerEntry`` fails here until it is declared, and each declared field
/// changes the digest.
@Suite struct EntryKeyFieldTests {
    /// The text of the source file that declares `public struct LedgerEntry`, wherever under `Sources/` it is.
    static func ledgerEntrySource() throws -> String {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        for case let file as URL in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            if let start = text.range(of: "\npublic struct LedgerEntry:") {
                // The struct's body: up to its closing brace at the start of a line.
                let end = text.range(of: "\n}\n", range: start.upperBound..<text.endIndex)?.lowerBound ?? text.endIndex
                return String(text[start.lowerBound..<end])
            }
        }
        throw SourceMissing()
    }

    struct SourceMissing: Error {}

    /// The entry's public properties and the labels of its public initializer, as its source declares them.
    static func declaredFields(_ source: String) throws -> (properties: Set<String>, initializer: Set<String>) {
        var properties: Set<String> = []
        for line in source.split(separator: "\n") where line.hasPrefix("    public var ") {
            properties.insert(String(line.dropFirst("    public var ".count).prefix { $0.isLetter || $0.isNumber }))
        }
        let start = try #require(source.range(of: "    public init("))
        let end = try #require(source.range(of: ") {", range: start.upperBound..<source.endIndex))
        var initializer: Set<String> = []
        for parameter in source[start.upperBound..<end.lowerBound].split(separator: ",") {
            let label = parameter.trimmingCharacters(in: .whitespacesAndNewlines).prefix { $0 != ":" }
            initializer.insert(String(label))
        }
        return (properties, initializer)
    }

    @Test func everyFieldOfALedgerEntryIsDeclaredOnce() throws {
        let declared = (EntryKeyField.digested + EntryKeyField.digestedWhenPresent).map(\.name)
        #expect(Set(declared).count == declared.count, "declared twice: \(declared)")
        let all = Set(declared).union(EntryKeyField.leftOut.keys)
        #expect(Set(declared).isDisjoint(with: EntryKeyField.leftOut.keys), "both digested and left out")
        let (properties, initializer) = try Self.declaredFields(try Self.ledgerEntrySource())
        #expect(properties.count >= 10, "read \(properties.sorted()) from LedgerEntry's source")
        #expect(
            properties.subtracting(all).isEmpty,
            "fields of LedgerEntry no EntryKeyField declares: \(properties.subtracting(all).sorted())")
        #expect(
            all.subtracting(properties).isEmpty,
            "declared but not a field of LedgerEntry: \(all.subtracting(properties).sorted())")
        // `texts`: the run's text table the entry's texts are numbered in (storage, not a field of the entry).
        let storageParameters: Set = ["texts"]
        #expect(
            initializer.subtracting(properties).subtracting(storageParameters).isEmpty,
            "init labels that are no property: \(initializer)")
        for (field, reason) in EntryKeyField.leftOut { #expect(!reason.isEmpty, "\(field): no reason") }
    }

    /// An entry with every field set.
    static func base() throws -> LedgerEntry {
        LedgerEntry(
            id: "ent_1", occurredAt: Timestamp(epochSeconds: 1_790_000_000, nanoseconds: 5, offsetSeconds: 3_600),
            payeeID: "drv_ann", payeeType: .driver, payeeName: "Ann", kind: .payout,
            amount: Money(minorUnits: -1_250, currency: try #require(Currency(code: "EUR"))), reference: "ref",
            description: "desc",
            payoutID: "po_1", payoutStatus: .paid, payoutArrival: CivilDate(year: 2026, month: 10, day: 14),
            distance: Distance(thousandths: 12_500, unit: .km), source: SourceLocation(file: "a.csv", line: 2))
    }

    /// A change to each declared field.
    static let changes: [String: @Sendable (inout LedgerEntry) -> Void] = [
        "id": { $0.id = "ent_2" },
        "occurredAt": { $0.occurredAt = Timestamp(epochSeconds: 1_790_000_000, nanoseconds: 5, offsetSeconds: 7_200) },
        "payeeName": { $0.payeeName = nil },
        "kind": { $0.kind = .adjustment },
        "amount": { entry in
            if let usd = Currency(code: "USD") {
                entry.amount = Money(minorUnits: entry.amount.minorUnits, currency: usd)
            }
        },
        "reference": { $0.reference = "other" },
        "description": { $0.description = nil },
        "payoutID": { $0.payoutID = "po_2" },
        "payoutStatus": { $0.payoutStatus = .failed },
        "isStatusReport": { $0.isStatusReport = true },
        "payoutArrival": { $0.payoutArrival = CivilDate(year: 2026, month: 10, day: 15) },
        "distance": { $0.distance = Distance(thousandths: 12_500, unit: .mi) },
    ]

    static func digest(_ entries: [LedgerEntry]) -> String { PayeeKey.entriesDigest(PayeeEntries(entries)) }

    @Test func eachDeclaredFieldChangesTheDigest() throws {
        let declared = (EntryKeyField.digested + EntryKeyField.digestedWhenPresent).map(\.name)
        #expect(Set(Self.changes.keys) == Set(declared))
        let full = try Self.base()
        var plain = full
        plain.payoutArrival = nil
        plain.distance = nil
        for base in [full, plain] {
            let before = Self.digest([base])
            for (name, change) in Self.changes {
                var changed = base
                change(&changed)
                #expect(Self.digest([changed]) != before, "\(name): the digest did not change")
            }
        }
    }

    /// The digest as it was written by hand before the fields were declared: the same bytes, so no payee's key
    /// changed when the fields came to be declared.
    static func handWrittenDigest(_ entries: PayeeEntries) -> String {
        var digest = DigestBuilder("ledgerpress payee entries digest 1")
        digest.int(entries.count)
        entries.forEachRecord { entry in
            digest.text(entry.id)
            digest.timestamp(entry.occurredAt)
            digest.int(Int64(entry.occurredAt.offsetSeconds))
            digest.optional(entry.payeeName)
            digest.text(entry.kind.rawValue)
            digest.text(entry.amount.currency.code)
            digest.int(entry.amount.minorUnits)
            digest.optional(entry.reference)
            digest.optional(entry.description)
            digest.optional(entry.payoutID)
            digest.optional(entry.payoutStatus?.rawValue)
            digest.int(entry.isStatusReport ? 1 : 0)
            if entry.payoutArrival != nil || entry.distance != nil {
                digest.text("issue 50")
                digest.optional(entry.payoutArrival?.description)
                digest.optional(entry.distance.map { String($0.thousandths) + " " + $0.unit.rawValue })
            }
        }
        return digest.finish()
    }

    @Test func theDeclaredDigestIsTheHandWrittenOne() throws {
        var entries: [LedgerEntry] = []
        for (name, change) in Self.changes.sorted(by: { $0.key < $1.key }) {
            var changed = try Self.base()
            change(&changed)
            changed.id = name
            entries.append(changed)
            changed.payoutArrival = nil
            changed.distance = nil
            entries.append(changed)
        }
        #expect(Self.digest(entries) == Self.handWrittenDigest(PayeeEntries(entries)))
        #expect(Self.digest([]) == Self.handWrittenDigest(PayeeEntries([])))
    }
}
