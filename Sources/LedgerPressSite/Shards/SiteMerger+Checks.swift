import Foundation
import LedgerPressCore

extension SiteMerger {
    /// Every index of N exactly once.
    func checkComplete(_ shards: [LoadedShard]) throws(MergeFailure) {
        let count = shards[0].record.shard.count
        for shard in shards where shard.record.shard.count != count {
            throw .mismatch(
                "\(shard.directory) is shard \(shard.record.shard) but \(shards[0].directory) is shard \(shards[0].record.shard): expected shards of one split"
            )
        }
        var seen: [Int: String] = [:]
        for shard in shards {
            if let other = seen[shard.record.shard.index] {
                throw .mismatch("\(other) and \(shard.directory) are both shard \(shard.record.shard)")
            }
            seen[shard.record.shard.index] = shard.directory
        }
        let missing = (0..<count).filter { seen[$0] == nil }
        if !missing.isEmpty {
            throw .mismatch(
                "expected all \(count) shards, got \(shards.count): missing \(missing.map { "\($0)/\(count)" }.joined(separator: ", "))"
            )
        }
    }

    /// The same inputs, options and ledger as the first shard.
    func checkSameRun(_ shard: LoadedShard, as first: LoadedShard) throws(MergeFailure) {
        func differ(_ what: String) -> MergeFailure {
            .mismatch(
                "\(shard.directory) was built from other \(what) than \(first.directory): expected shards of one run")
        }
        if shard.manifest.inputs != first.manifest.inputs { throw differ("inputs") }
        let options = shard.manifest.options.differences(from: first.manifest.options)
        if !options.isEmpty {
            throw .mismatch(
                "\(shard.directory) was built from other options than \(first.directory): expected shards of one run (they differ in \(options.joined(separator: ", ")))"
            )
        }
        if shard.record.ledger != first.record.ledger { throw differ("ledger entries") }
        if shard.record.documents != first.record.documents { throw differ("statement documents (--pdf)") }
    }

    /// Each payee in the shard its id hashes to, all of the ledger's payees present, and the ledger's totals matched.
    func checkPayees(_ shards: [LoadedShard]) throws(MergeFailure) {
        var ids: [String] = []
        var totals: [String: Int64] = [:]
        for shard in shards {
            for payee in shard.record.finance.payees {
                guard shard.record.shard.contains(payeeID: payee.id) else {
                    throw .mismatch(
                        "\(shard.directory): payee \(payee.id) belongs to another shard than \(shard.record.shard)")
                }
                guard payee.csvBytes.count == FinancePages.csvPaths.count else {
                    throw .mismatch("\(shard.directory)/\(ShardRecord.path): payee \(payee.id) has no CSV sizes")
                }
                ids.append(payee.id)
            }
            for item in shard.record.finance.ledger {
                do {
                    totals[item.currency] = try MinorUnits.add(
                        totals[item.currency] ?? 0, try item.figures().closingBalance,
                        total: "ledger totals of the shards")
                } catch {
                    throw .mismatch("\(shard.directory)/\(ShardRecord.path): \(item.currency): \(error)")
                }
            }
        }
        ids.sort { $0.utf8Precedes($1) }
        let facts = shards[0].record.ledger
        guard ids.count == facts.payees, ShardRecord.LedgerFacts.payeesDigest(ids) == facts.payeesSHA256 else {
            throw .mismatch(
                "the shards hold \(ids.count) payees, the ledger \(facts.payees) (or other ones): expected every payee exactly once"
            )
        }
        for item in facts.totals where totals[item.currency] ?? 0 != item.amount {
            throw .mismatch("the shards' ledgers of \(item.currency) do not add up to the whole ledger's total")
        }
        if totals.keys.count != facts.totals.count {
            throw .mismatch("the shards' ledgers hold other currencies than the whole ledger")
        }
    }
}

extension SiteMerger {
    /// Every number in the shards' records is one `merge` can add up: counts are not negative, and the
    /// magnitudes of the amounts summed together (per currency, and per period kind for the statement totals)
    /// add up to at most `Int64.max`, so no partial sum of them, in any order, can overflow.
    func checkMagnitudes(_ shards: [LoadedShard]) throws(MergeFailure) {
        var sums: [String: UInt64] = [:]
        func add(_ what: String, _ magnitude: UInt64, _ shard: LoadedShard) throws(MergeFailure) {
            let (sum, overflow) = sums[what, default: 0].addingReportingOverflow(magnitude)
            guard !overflow, sum <= UInt64(Int64.max) else {
                throw .mismatch(
                    "\(shard.directory)/\(ShardRecord.path): error: \(what): expected numbers whose sum fits in 64 bits, got larger ones"
                )
            }
            sums[what] = sum
        }
        func count(_ what: String, _ value: Int, _ shard: LoadedShard) throws(MergeFailure) {
            guard value >= 0 else {
                throw .mismatch(
                    "\(shard.directory)/\(ShardRecord.path): error: \(what): expected a count, got \(value)")
            }
            try add(what, UInt64(value), shard)
        }
        for shard in shards {
            let finance = shard.record.finance
            for item in finance.ledger {
                for amount in [
                    item.earnings, item.tips, item.fees, item.adjustments, item.refunds, item.payouts, item.tax,
                ] {
                    try add("ledger amounts of \(item.currency)", amount.magnitude, shard)
                }
                try count("entries", item.entries, shard)
            }
            for payee in finance.payees {
                for balance in payee.balances {
                    try add("balances of \(balance.currency)", balance.amount.magnitude, shard)
                }
                for total in payee.kindTotals {
                    try add("\(total.kind) totals of \(total.currency)", total.amount.magnitude, shard)
                }
                try count("statement_count", payee.statementCount, shard)
            }
            for period in finance.periods { try count("statements", period.statements, shard) }
        }
    }
}
