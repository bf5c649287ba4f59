import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The output folder and the folders beside it that a publish uses: the staged site (`<output>.staging-<pid>`,
/// written by ``StagingWriter``) swapped in for the old one in one step (``swapIn(spare:differences:seal:)``), the
/// old site kept as the spare (``SpareSite``) or removed, and the end of the publish: the manifest touched last,
/// the builder's record of the publish beside the output (``PublishRecord``), a shard's seal (`.ledgerpress-seal`)
/// written or removed. Leftovers of a killed run are cleaned up by the next one (``recoverFromKilledRun()``).
package struct PublishedSite: Sendable {
    /// The seal's name in a shard's folder (the seal itself is the site's `ShardSeal`).
    package static let sealName = ".ledgerpress-seal"

    package let output: URL
    /// The run's lock on the output, checked again before the swap (nil: the caller holds none, as in tests).
    package let lock: OutputLock?
    /// This run's own staging folder's name: `<output>.staging-<process id>`.
    package let stagingName: String

    package init(output: URL, lock: OutputLock? = nil) {
        self.output = output
        self.lock = lock
        stagingName = output.lastPathComponent + ".staging-\(getpid())"
    }

    /// Why a swap failed, besides a system call's failure (``SystemError``, ``SiteSwap/Failure``).
    package enum Failure: Error {
        /// The old site could not be moved aside (the text says why).
        case swap(String)
        /// The lock file was removed or replaced during the run: another run may be publishing to the output.
        case lockLost(String)
    }

    package var staging: URL { sibling(stagingName) }
    package var previous: URL { sibling("." + output.lastPathComponent + ".previous") }
    package var spareFolder: URL { sibling("." + output.lastPathComponent + ".spare") }

    package func sibling(_ name: String) -> URL { output.deletingLastPathComponent().appendingPathComponent(name) }

    /// Marks the end of a publish: the new manifest is touched last, after every file of the site (removing the
    /// old site changes the status of the files it shares with the new one), so the next run reuses only files
    /// touched before it. See ``SystemFile/touched(_:)``.
    /// Then records what vouches for the site's files in the builder's own records (``PublishRecord``), and seals a
    /// shard with the text `seal` gives for the manifest's bytes and record (nil: a site that is no shard holds no
    /// seal).
    package func settle(seal: ((_ manifest: Data, _ record: PublishRecord) -> String)?) {
        SystemFile.touchNow(output.path + "/manifest.json")
        PublishRecord.write(for: output)
        let path = output.path + "/" + Self.sealName
        if let seal {
            // Best effort: a shard without its seal is refused by a merge that has the secret, read whole by one that has none.
            if (try? writeSeal(seal)) == nil { unlink(path) }
        } else {
            unlink(path)
        }
    }

    /// Seals the shard just published (after the manifest is touched): the seal is written beside the manifest
    /// under a temporary name and renamed over the old one, so the shard's files are not touched.
    private func writeSeal(_ text: (_ manifest: Data, _ record: PublishRecord) -> String) throws(SystemError) {
        let manifestPath = output.path + "/manifest.json"
        guard let manifest = try SystemFile.read(manifestPath), let record = PublishRecord(manifestAt: manifestPath)
        else { throw SystemError("seal the shard's manifest", manifestPath, code: ENOENT) }
        try SystemFile.renameIntoPlace(output.path + "/" + Self.sealName, bytes: Data(text(manifest, record).utf8))
    }

    /// Flushes the staged site to disk, swaps it in and flushes the swap; the old site is then kept as `spare`
    /// when `differences` (the staging writer's) says where it differs from the new one, else removed; then the
    /// publish is settled (``settle(seal:)``). On failure the staging folder is removed and the old output is as it
    /// was.
    package func swapIn(
        spare: SpareSite, differences: [SpareSite.Difference]?,
        seal: ((_ manifest: Data, _ record: PublishRecord) -> String)?
    ) throws {
        let fm = FileManager.default
        if let lock, !lock.isHeld {
            discardStaging()
            throw Failure.lockLost(lock.path)
        }
        do {
            try SiteSwap.flush(staging)
            // The swap passes the gate a signal closes, so an interrupted run never ends half-way through it.
            let exchanged = try PublishGate.pass { try swap() }
            try SiteSwap.flushParent(of: output)
            if exchanged {
                // The old site is now at the staging path; a run killed before it is kept or gone leaves it for the next one to remove.
                spare.keep(oldSite: staging.path, differences: differences)
                settle(seal: seal)
                return
            }
        } catch {
            discardStaging()
            if !fm.fileExists(atPath: output.path), fm.fileExists(atPath: self.previous.path) {
                try? fm.moveItem(at: self.previous, to: output)
            }
            throw error
        }
        SystemFile.removeTree(self.previous.path)
        settle(seal: seal)
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
    package func discardStaging() { SystemFile.removeTree(staging.path) }

    /// The system's words for a Foundation file error (its POSIX error's text), else the error as it describes itself.
    package static func reason(_ error: any Error) -> String {
        if let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError,
            underlying.domain == NSPOSIXErrorDomain
        {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return "\(error)"
    }

    /// A run killed between the two renames leaves no output but a previous one: put it back.
    package func recoverFromKilledRun() throws {
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
