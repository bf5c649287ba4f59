import Foundation
import LedgerPressPublish

#if canImport(Glibc)
    import Glibc
#endif

/// The site's side of a publish to the output folder: it readies the output (``prepare()``: leftovers of a killed
/// run cleaned up, what the output holds read once and refused unless ledgerpress published it), says what a
/// failure was, and publishes through the publish module, which does every write: ``StagingWriter`` writes the
/// new site into `<output>.staging-<pid>` beside the output (a file whose bytes are already in the old output is
/// hard-linked from there instead, so it keeps its inode and mtime), and ``PublishedSite`` flushes it, exchanges
/// the two folders in one atomic step (`renameat2` with `RENAME_EXCHANGE`; where the file system cannot, the old
/// output is moved aside to `.<output>.previous` and the staging folder renamed in its place), keeps the old site
/// as the next run's spare (``SpareSite``) or removes it, and settles the publish. Any failure before the swap
/// leaves the old output untouched and removes the staging folder.
public struct SiteWriter: Sendable {
    public let output: URL
    /// The output folder's publish: staging, the swap, the spare, the end of the publish (``PublishedSite``), under
    /// the run's lock on the output (nil: the caller holds none, as in tests).
    let published: PublishedSite
    /// `build --shard`: the shard is sealed at the end of its publish (``ShardSeal``), with this secret when given.
    public var sealsShard = false
    public var shardSecret: [UInt8]? = nil

    public init(output: URL, lock: OutputLock? = nil) {
        self.output = output.standardizedFileURL
        published = PublishedSite(output: self.output, lock: lock)
    }

    /// Why publishing the staged site failed; the previous output is left as it was.
    public enum Failure: Error, CustomStringConvertible {
        case cannotCreate(path: String, reason: String)
        case notADirectory(String)
        /// The output holds something ledgerpress did not publish (checked again here, under the run's lock).
        case refused(OutputGuard.Refusal)
        /// The previous manifest exists but cannot be read.
        case unreadableManifest(PreviousManifest.Unreadable)
        /// A system call failed: full disk, read-only file system, denied, I/O error.
        case system(SystemError)
        case swap(String)
        /// The lock file was removed or replaced during the run: another run may be publishing to the output.
        case lockLost(String)
        /// `--previous` names no site ledgerpress published (`missing`: no such folder).
        case notAPreviousSite(path: String, missing: Bool)

        public var description: String {
            switch self {
            case .cannotCreate(let path, let reason): return "cannot write \(path): \(reason)"
            case .notADirectory(let path): return "\(path) exists and is not a directory"
            case .refused(let refusal): return refusal.description
            case .unreadableManifest(let problem): return problem.description
            case .system(let error): return error.description
            case .swap(let text): return text
            case .notAPreviousSite(let path, let missing):
                return
                    "--previous \(path): error: expected a site ledgerpress published, got "
                    + (missing ? "no such folder" : "a folder without a ledgerpress manifest.json")
                    + "; nothing was written"
            case .lockLost(let path):
                return
                    "the lock file \(path) was removed or replaced during the run (another run may be publishing to the same output); nothing was published"
            }
        }
    }

    public var staging: URL { published.staging }
    var spare: SpareSite {
        SpareSite(
            path: published.spareFolder.path, output: output.path,
            threads: SystemCPUs.available, rewritten: Set(FinancePages.csvPaths + ["manifest.json"]),
            isSitePath: { (try? SitePath.checkForm($0)) != nil })
    }

    /// What a publish did, compared with the previous output.
    public struct Report: Sendable, Equatable {
        public var added = 0
        public var changed = 0
        public var unchanged = 0
        public var removed = 0
    }

    /// Makes the output ready for a new site: no earlier run's leftovers, and what it holds read once.
    ///
    /// Refuses an output that holds anything but a site ledgerpress published, whoever calls the writer.
    func prepare() throws(Failure) -> PreviousSite {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: output.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw Failure.notADirectory(output.path)
        }
        do {
            try published.recoverFromKilledRun()
        } catch {
            throw .cannotCreate(
                path: staging.path, reason: "cannot clean up after an earlier run: \(Self.reason(error))")
        }
        let site: PreviousSite
        do {
            site = try PreviousSite(folder: output)
        } catch {
            if OutputGuard.contents(of: output.path) != .site {
                throw .refused(
                    OutputGuard.Refusal(
                        description: "\(output.path): error: refusing to publish into this folder: \(error.reason)"))
            }
            throw .unreadableManifest(error)
        }
        if site.format == 0 {
            do {
                try OutputGuard(
                    given: output.path, output: output.path, currentFolder: "", homes: [], inputs: [], sideFiles: []
                )
                .checkContents(OutputGuard.contents(of: output.path))
            } catch {
                throw .refused(error)
            }
        }
        return site
    }

    /// Flushes the staged site to disk, swaps it in and flushes the swap; the old site is then kept as the
    /// spare when `differences` (the staging writer's) says where it differs from the new one, else removed
    /// (``PublishedSite/swapIn(spare:differences:seal:)``). On failure the staging folder is removed and the old
    /// output is as it was.
    func swapIn(differences: [SpareSite.Difference]? = nil) throws(Failure) {
        do {
            try published.swapIn(spare: spare, differences: differences, seal: seal)
        } catch {
            throw Self.failure(error)
        }
    }

    /// The seal of a shard (``ShardSeal``) for its manifest's bytes and record, when ``sealsShard``.
    private var seal: ((_ manifest: Data, _ record: PublishRecord) -> String)? {
        guard sealsShard else { return nil }
        let secret = shardSecret
        return { manifest, record in
            ShardSeal(manifestSHA256: Manifest.sha256(manifest), record: record, secret: secret).text
        }
    }

    /// Marks the end of a publish (``PublishedSite/settle(seal:)``), sealing a shard when ``sealsShard``.
    func settle() { published.settle(seal: seal) }

    /// Removes the staging folder (after a failure before the swap).
    func discardStaging() { published.discardStaging() }

    static func failure(_ error: any Error) -> Failure {
        switch error {
        case let failure as Failure: return failure
        case let system as SystemError: return .system(system)
        case let swap as SiteSwap.Failure: return .swap(swap.description)
        case PublishedSite.Failure.swap(let text): return .swap(text)
        case PublishedSite.Failure.lockLost(let path): return .lockLost(path)
        default: return .cannotCreate(path: "", reason: reason(error))
        }
    }

    static func reason(_ error: any Error) -> String { PublishedSite.reason(error) }
}
