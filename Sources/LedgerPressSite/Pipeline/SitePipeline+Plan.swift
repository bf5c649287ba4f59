import Foundation
import LedgerPressCore
import LedgerPressPublish
import Synchronization

/// One payee as the plan sees them: their key, and the published folder to carry over when it is reusable.
struct PayeePlan: Sendable {
    var payee: Payee
    /// Not loaded until the payee is rendered (a reused payee's are let go).
    var entries: PayeeEntries
    var slug: String
    var key: PayeeKey
    /// The digest of the payee's entries (``PayeeKey/entriesDigest(_:)``), computed or known.
    var entriesDigest: String
    var fullKey: String
    /// The payee's entry as this run publishes it when their folder is reused as it is (``Manifest/PayeeEntry/carriedOver``).
    var reused: Manifest.PayeeEntry?
    /// The reused folder's file names, in the folder's own order (they are only linked; no output depends on the order).
    var reusedFiles: [String] = []
    /// Their inodes, in the same order (kept as a list: at 1M entries a dictionary per folder was 60 MB more):
    /// what a staging folder started from the spare must hold.
    var reusedInodeList: [UInt64] = []
}

extension SitePipeline {
    /// Every payee's key, and whether their published folder can be carried over (in parallel: keys hash every entry).
    ///
    /// > Note: a folder is carried over without reading it back when its files are as many and as large as
    /// > the manifest recorded and none was touched (modified, or its status changed: ``SystemFile/touched(_:)``)
    /// > after the publish wrote the manifest; `verify` re-hashes
    /// > every byte. A folder that fails this check is rendered again.
    func plan(_ payees: [(Payee, PayeeEntries)], site: PreviousSite, history: PreviousSite, output: URL) throws
        -> [PayeePlan]
    {
        let context = self.context
        let slots = ResultSlots<PayeePlan>(count: payees.count)
        DispatchQueue.concurrentPerform(iterations: payees.count) { index in
            let (payee, entries) = payees[index]
            slots.set(index) {
                let key = PayeeKey(payee: payee, context: context)
                let entriesDigest = configuration.knownEntryDigests[payee.id] ?? PayeeKey.entriesDigest(entries)
                var plan = PayeePlan(
                    payee: payee, entries: entries, slug: configuration.options.links.slug(for: payee.id), key: key,
                    entriesDigest: entriesDigest,
                    fullKey: key.full(entriesDigest: entriesDigest, letterIssuedAt: configuration.letterIssuedAt))
                if let entry = reusable(plan, site: site, history: history),
                    let files = SystemFile.listFiles(output.path + "/payees/" + plan.slug),
                    files.count == entry.files, files.reduce(0, { $0 + $1.size }) == entry.bytes,
                    files.allSatisfy({ $0.touched <= site.published })
                {
                    plan.reused = entry.carriedOver
                    plan.reusedFiles = files.map(\.name)
                    plan.reusedInodeList = files.map(\.inode)
                    // A reused payee's entries are not needed again: they go once the caller lets go of the payees.
                    plan.entries = PayeeEntries([])
                }
                return plan
            }
        }
        let plans = try slots.values()
        var folders = Set<String>()
        for plan in plans where !folders.insert(plan.slug).inserted { throw FolderCollision(slug: plan.slug) }
        return plans
    }

    /// A bug (or a 128-bit HMAC collision): two payees whose folders have one name.
    struct FolderCollision: Error, CustomStringConvertible {
        var slug: String
        var description: String { "two payees would share the folder payees/\(slug)/" }
    }

    /// The previous entry of a payee whose folder would come out the same: the same key (tool, options,
    /// templates, profile, entries), the same history of statements as that publish left, and their rows in the
    /// published finance CSVs.
    ///
    /// > Note: a publish that revised some of their statements is no exception: with the same entries and that
    /// > publish's history, this run revises none of them, and their pages say "Revised" as they did. Only their
    /// > rows of `finance/revisions.csv` (what *that* run revised) are not carried over (``Manifest/PayeeEntry/carriedOver``).
    func reusable(_ plan: PayeePlan, site: PreviousSite, history: PreviousSite) -> Manifest.PayeeEntry? {
        guard site.format == Manifest.formatVersion, let entry = site.payees[plan.payee.id], entry.slug == plan.slug,
            entry.key == plan.fullKey, site.hasFinanceRows(of: plan.payee.id)
        else { return nil }
        if history !== site {
            guard history.format == Manifest.formatVersion,
                history.payees[plan.payee.id]?.statementsSHA256 == entry.statementsSHA256
            else {
                return nil
            }
        }
        return entry
    }
}

/// The plans of a run, each handed once to the worker that renders its payee and then let go, its entries
/// with it: the entries of the payees done are freed while the others are rendered.
final class PlanHandout: Sendable {
    private let plans: Mutex<[PayeePlan?]>

    init(_ plans: consuming [PayeePlan]) { self.plans = Mutex(plans.map { $0 }) }

    /// The plan of payee `index`, which is no longer held here.
    func take(_ index: Int) -> PayeePlan {
        plans.withLock { plans in
            guard let plan = plans[index] else { preconditionFailure("payee \(index) was handed out twice") }
            plans[index] = nil
            return plan
        }
    }
}
