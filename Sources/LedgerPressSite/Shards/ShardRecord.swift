import Foundation
import LedgerPressCore
import LedgerPressCrypto

/// `shard.json`, published only by a `--shard I/N` build: which shard it is, what the whole ledger
/// looked like to it (so `merge` can tell that every shard read the same ledger and that together they
/// cover it), and the shard's finance summary (so `merge` renders the finance files as a single run does).
public struct ShardRecord: Codable, Sendable, Equatable {
    static let path = "shard.json"

    /// The whole ledger, as every shard of a run must have read it.
    public struct LedgerFacts: Codable, Sendable, Equatable {
        public var entries: Int
        public var payees: Int
        /// SHA-256 of the sorted payee ids, one per line.
        public var payeesSHA256: String
        /// SHA-256 of every entry's fields, in ledger order.
        public var entriesSHA256: String
        /// The sum of all entries per currency, in minor units, sorted by currency.
        public var totals: [FinanceSummary.Amount]

        enum CodingKeys: String, CodingKey {
            case entries, payees, totals
            case payeesSHA256 = "payees_sha256"
            case entriesSHA256 = "entries_sha256"
        }

        /// SHA-256 of the payee ids (sorted by the caller), one per line.
        static func payeesDigest(_ sortedIDs: [String]) -> String {
            Manifest.sha256(Data(sortedIDs.map { $0 + "\n" }.joined().utf8))
        }

        /// The facts of the whole ledger; throws ``SiteError`` when a currency's total does not fit in `Int64`.
        public init(ledger: Ledger, payeeIDs: [String]) throws(SiteError) {
            entries = ledger.entries.count
            payees = payeeIDs.count
            payeesSHA256 = LedgerFacts.payeesDigest(payeeIDs)
            var hasher = SHA256()
            var text = ""
            ledger.forEachRecord { entry in
                var fields = [
                    entry.id, entry.payeeID, entry.payeeType.rawValue, entry.payeeName ?? "",
                    String(entry.occurredAt.epochSeconds), String(entry.occurredAt.nanoseconds),
                    entry.kind.rawValue, entry.amount.currency.code, String(entry.amount.minorUnits),
                    entry.reference ?? "",
                    entry.description ?? "", entry.payoutID ?? "", entry.payoutStatus?.rawValue ?? "",
                ]
                // Issue 50: only when present, so that a ledger without them digests as before.
                if entry.payoutArrival != nil || entry.distance != nil {
                    fields.append(entry.payoutArrival?.description ?? "")
                    fields.append(entry.distance.map { String($0.thousandths) + " " + $0.unit.rawValue } ?? "")
                }
                for field in fields { text += String(field.utf8.count) + ":" + field }
                text += "\n"
                if text.utf8.count >= 1 << 16 {
                    hasher.update(data: Data(text.utf8))
                    text = ""
                }
            }
            hasher.update(data: Data(text.utf8))
            entriesSHA256 = Manifest.hex(hasher.finalize())
            totals = try FinanceSummary.ledgerFigures(ledger).map {
                FinanceSummary.Amount(currency: $0.currency.code, amount: $0.figures.closingBalance)
            }
        }
    }

    /// One document each statement is published as (``StatementDocument``): its file name's suffix and the
    /// period kinds whose statements get it.
    public struct Document: Codable, Sendable, Equatable {
        public var suffix: String
        public var periods: [String]

        /// The documents of `documents`, in order.
        static func list(_ documents: StatementDocuments) -> [Document] {
            documents.all.map { document in
                Document(
                    suffix: document.suffix,
                    periods: PeriodKind.allCases.filter(document.applies(to:)).map(\.rawValue))
            }
        }
    }

    public var shard: Shard
    public var ledger: LedgerFacts
    public var finance: FinanceSummary
    /// The documents the shard's build published for each statement (`--pdf` adds one): what `merge` accepts in
    /// the payees' folders. Absent in the shards of an older ledgerpress, which published the standard ones.
    public var documents: [Document]?

    func file() throws -> OutputFile {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        var data = try encoder.encode(self)
        data.append(10)
        return OutputFile(path: ShardRecord.path, bytes: data)
    }
}
