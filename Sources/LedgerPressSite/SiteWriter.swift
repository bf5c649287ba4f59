import Foundation
import LedgerPressPublish

#if canImport(Glibc)
    import Glibc
#endif

/// The only code that writes the output folder.
///
/// A new site is written into `<output>.staging` beside the output folder (by ``StagingWriter``: a file whose
/// bytes are already in the old output is hard-linked from there instead, so it keeps its inode and mtime);
/// only when every file is there are the two folders exchanged in one atomic step (`renameat2` with
/// `RENAME_EXCHANGE`), so the output path never lacks a complete site; the old site, now at the staging
/// path, is then kept as the next run's starting point (``SpareSite``) or removed. Before the exchange every staged file and folder is flushed to disk, and after it
/// the parent folder, so a power cut never publishes empty or missing files. Where the file system cannot
/// exchange, the old output is moved aside to `.<output>.previous` and the staging folder renamed in its
/// place. Any failure before the swap leaves the old output untouched and removes the staging folder.
/// Leftovers of a killed run are cleaned up by the next one.
public struct SiteWriter: Sendable {
    public let output: URL
    /// The run's lock on the output, checked again before the swap (nil: the caller holds none, as in tests).
    let lock: OutputLock?
    /// This run's own staging folder's name: `<output>.staging-<process id>`.
    let stagingName: String
    /// `build --shard`: the shard is sealed at the end of its publish (``ShardSeal``), with this secret when given.
    public var sealsShard = false
    public var shardSecret: [UInt8]? = nil

    public init(output: URL, lock: OutputLock? = nil) {
        self.output = output.standardizedFileURL
        self.lock = lock
        stagingName = self.output.lastPathComponent + ".staging-\(getpid())"
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

    public var staging: URL { sibling(stagingName) }
    var previous: URL { sibling("." + output.lastPathComponent + ".previous") }
    var spare: SpareSite {
        SpareSite(path: sibling("." + output.lastPathComponent + ".spare").path, output: output.path)
    }

    func sibling(_ name: String) -> URL { output.deletingLastPathComponent().appendingPathComponent(name) }

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
            try recoverFromKilledRun()
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
    /// spare when `differences` (the staging writer's) says where it differs from the new one, else removed.
    /// On failure the staging folder is removed and the old output is as it was.
    func swapIn(differences: [SpareSite.Difference]? = nil) throws(Failure) {
        let fm = FileManager.default
        if let lock, !lock.isHeld {
            discardStaging()
            throw .lockLost(lock.path)
        }
        do {
            try SiteSwap.flush(staging)
            // The swap passes the gate a signal closes, so an interrupted run never ends half-way through it.
            let exchanged = try PublishGate.pass { try swap() }
            try SiteSwap.flushParent(of: output)
            if exchanged {
                // The old site is now at the staging path; a run killed before it is kept or gone leaves it for the next one to remove.
                spare.keep(oldSite: staging.path, differences: differences)
                settle()
                return
            }
        } catch {
            discardStaging()
            if !fm.fileExists(atPath: output.path), fm.fileExists(atPath: self.previous.path) {
                try? fm.moveItem(at: self.previous, to: output)
            }
            throw Self.failure(error)
        }
        SystemFile.removeTree(self.previous.path)
        settle()
    }

    /// Marks the end of a publish (``PublishedSite/settle(seal:)``), sealing a shard (``ShardSeal``) when
    /// ``sealsShard``.
    func settle() {
        let secret = shardSecret
        PublishedSite(output: output).settle(
            seal: sealsShard
                ? { manifest, record in
                    ShardSeal(manifestSHA256: Manifest.sha256(manifest), record: record, secret: secret).text
                } : nil)
    }

    /// Puts the staged site at the output path: exchanged with the old site in one step (true), or, where the
    /// file system cannot exchange, the old site moved aside and the staging folder renamed in its place (false;
    /// a failed rename puts the old site back).
    private func swap() throws -> Bool {
        let fm = FileManager.default
        if fm.fileExists(atPath: output.path) {
            if try SiteSwap.exchange(staging, output) { return true }
            do {
                try fm.moveItem(at: output, to: self.previous)
            } catch {
                throw Failure.swap("cannot move \(output.path) aside to \(self.previous.path): \(Self.reason(error))")
            }
        }
        guard rename(staging.path, output.path) == 0 else {
            let failure = SystemError("rename \(staging.path) to", output.path)
            if !fm.fileExists(atPath: output.path), fm.fileExists(atPath: self.previous.path) {
                try? fm.moveItem(at: self.previous, to: output)
            }
            throw failure
        }
        return false
    }

    /// Removes the staging folder (after a failure before the swap).
    func discardStaging() { SystemFile.removeTree(staging.path) }

    static func failure(_ error: any Error) -> Failure {
        switch error {
        case let failure as Failure: return failure
        case let system as SystemError: return .system(system)
        case let swap as SiteSwap.Failure: return .swap(swap.description)
        default: return .cannotCreate(path: "", reason: reason(error))
        }
    }

    static func reason(_ error: any Error) -> String {
        if let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError,
            underlying.domain == NSPOSIXErrorDomain
        {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return "\(error)"
    }

    /// A run killed between the two renames leaves no output but a previous one: put it back.
    func recoverFromKilledRun() throws {
        let fm = FileManager.default
        if fm.fileExists(atPath: previous.path) {
            if fm.fileExists(atPath: output.path) {
                SystemFile.removeTree(previous.path)
            } else {
                try fm.moveItem(at: previous, to: output)
            }
        }
        // Earlier runs' staging folders (`<output>.staging`, `<output>.staging-<pid>`). This run holds the lock, so
        // none belongs to a run still publishing, unless the lock file was removed under a live run: a folder
        // whose process is alive is left to it (it finds its lock gone before it swaps, and removes its folder).
        let name = output.lastPathComponent + ".staging"
        for entry in SystemFile.listNames(output.deletingLastPathComponent().path) ?? []
        where entry.name == name || entry.name.hasPrefix(name + "-") {
            if let pid = Int32(entry.name.dropFirst(name.count + 1)), pid != getpid(),
                kill(pid, 0) == 0 || errno == EPERM
            {
                continue
            }
            SystemFile.removeTree(sibling(entry.name).path)
        }
    }
}
