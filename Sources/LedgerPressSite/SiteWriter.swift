import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The only code that writes the output folder.
///
/// The complete site is written into `<output>.staging` beside the output folder (a file whose bytes
/// are already in the old output is hard-linked from there instead, so it keeps its inode and mtime); only
/// when every file is there are the two folders exchanged in one atomic step (`renameat2` with
/// `RENAME_EXCHANGE`), so the output path never lacks a complete site; the old site, now at the staging
/// path, is then removed. Before the exchange every staged file and folder is flushed to disk, and after it
/// the parent folder, so a power cut never publishes empty or missing files. Where the file system cannot exchange, the old output is moved aside to
/// `.<output>.previous` and the staging folder renamed in its place. Any failure before the swap leaves the
/// old output untouched and removes the staging folder. Leftovers of a killed run are cleaned up by the next one.
public struct SiteWriter {
    public let output: URL

    /// Test hook: the process aborts after writing this many files into staging, as a crash or
    /// `kill -9` would stop it (`LEDGERPRESS_TEST_ABORT_AFTER_FILES`; never set in production).
    public var abortAfterFiles: Int?

    public init(output: URL, abortAfterFiles: Int? = nil) {
        self.output = output.standardizedFileURL
        self.abortAfterFiles = abortAfterFiles
    }

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

        public var description: String {
            switch self {
            case .cannotCreate(let path, let reason): return "cannot write \(path): \(reason)"
            case .notADirectory(let path): return "\(path) exists and is not a directory"
            case .refused(let refusal): return refusal.description
            case .unreadableManifest(let problem): return problem.description
            case .system(let error): return error.description
            case .swap(let text): return text
            }
        }
    }

    var staging: URL { sibling(output.lastPathComponent + ".staging") }
    var previous: URL { sibling("." + output.lastPathComponent + ".previous") }

    func sibling(_ name: String) -> URL { output.deletingLastPathComponent().appendingPathComponent(name) }

    /// What a publish did, compared with the previous output.
    public struct Report: Sendable, Equatable {
        public var added = 0
        public var changed = 0
        public var unchanged = 0
        public var removed = 0
    }

    /// The previous output's files and hashes, from its manifest (empty when there is none: a first publish).
    ///
    /// Refuses an output that holds anything but a site ledgerpress published, whoever calls the writer.
    func previousHashes() throws(Failure) -> [String: String] {
        struct PreviousFiles: Decodable {
            struct File: Decodable {
                var path: String
                var sha256: String
            }
            var files: [File]
        }
        let manifest: PreviousFiles?
        do {
            manifest = try PreviousManifest.read(PreviousFiles.self, in: output)
        } catch {
            if OutputGuard.contents(of: output.path) != .site {
                throw .refused(OutputGuard.Refusal(description: "\(output.path): error: refusing to publish into this folder: \(error.reason)"))
            }
            throw .unreadableManifest(error)
        }
        guard let manifest else {
            let contents = OutputGuard.contents(of: output.path)
            do {
                try OutputGuard(given: output.path, output: output.path, currentFolder: "", homes: [], inputs: [], sideFiles: [])
                    .checkContents(contents)
            } catch {
                throw .refused(error)
            }
            return [:]
        }
        var hashes: [String: String] = [:]
        for file in manifest.files { hashes[file.path] = file.sha256 }
        // The manifest itself is never reused: it is compared byte for byte like every other file.
        hashes["manifest.json"] = ""
        return hashes
    }

    /// Writes every file, flushes them to disk, then swaps the new site in and flushes the swap.
    @discardableResult
    public func publish(_ files: [OutputFile]) throws(Failure) -> Report {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        if fm.fileExists(atPath: output.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw Failure.notADirectory(output.path)
        }
        do {
            try recoverFromKilledRun()
        } catch {
            throw .cannotCreate(path: staging.path, reason: "cannot clean up after an earlier run: \(Self.reason(error))")
        }
        let previous = try previousHashes()
        var report = Report()
        do {
            try stage(files, previous: previous, report: &report)
            try SiteSwap.flush(staging)
            let newPaths = Set(files.map(\.path))
            report.removed = previous.keys.filter { !newPaths.contains($0) }.count
            if fm.fileExists(atPath: output.path) {
                if try SiteSwap.exchange(staging, output) {
                    try SiteSwap.flushParent(of: output)
                    // The old site is now at the staging path; a run killed before it is gone leaves it for the next one to remove.
                    try? fm.removeItem(at: staging)
                    return report
                }
                do {
                    try fm.moveItem(at: output, to: self.previous)
                } catch {
                    throw Failure.swap("cannot move \(output.path) aside to \(self.previous.path): \(Self.reason(error))")
                }
            }
            guard rename(staging.path, output.path) == 0 else { throw SystemError("rename \(staging.path) to", output.path) }
            try SiteSwap.flushParent(of: output)
        } catch {
            try? fm.removeItem(at: staging)
            if !fm.fileExists(atPath: output.path), fm.fileExists(atPath: self.previous.path) {
                try? fm.moveItem(at: self.previous, to: output)
            }
            switch error {
            case let failure as Failure: throw failure
            case let system as SystemError: throw .system(system)
            case let swap as SiteSwap.Failure: throw .swap(swap.description)
            default: throw .cannotCreate(path: output.path, reason: Self.reason(error))
            }
        }
        try? fm.removeItem(at: self.previous)
        return report
    }

    /// Writes the site into the staging folder: a file whose bytes are already in the old output is hard-linked
    /// from there (so it keeps its inode and mtime), every other one is created anew.
    func stage(_ files: [OutputFile], previous: [String: String], report: inout Report) throws(SystemError) {
        try SystemFile.makeFolders(staging.path)
        var created = Set<String>()
        for file in files {
            let path = staging.appendingPathComponent(file.path).path
            let folder = (path as NSString).deletingLastPathComponent
            if !created.contains(folder) {
                try SystemFile.makeFolders(folder)
                created.insert(folder)
            }
            let oldHash = previous[file.path]
            // The manifest's hash only says which old files may be worth reading; the bytes on disk decide.
            if let oldHash, oldHash.isEmpty || oldHash == Manifest.sha256(file.bytes), try reuse(file, at: path) {
                report.unchanged += 1
                continue
            }
            if oldHash == nil { report.added += 1 } else { report.changed += 1 }
            try SystemFile.create(path, bytes: file.bytes)
            if let limit = abortAfterFiles, report.added + report.changed + report.unchanged >= limit { abort() }
        }
    }

    /// Hard-links the old output's file into staging when it holds exactly the new bytes. The link is made
    /// first and the linked file then checked through the staging name, so what was compared is what is
    /// published (a symlink in the old output is linked as itself, fails the check and is replaced).
    func reuse(_ file: OutputFile, at path: String) throws(SystemError) -> Bool {
        guard SystemFile.link(output.appendingPathComponent(file.path).path, path) else { return false }
        if SystemFile.holds(path, bytes: file.bytes) { return true }
        guard unlink(path) == 0 else { throw SystemError("remove", path) }
        return false
    }

    static func reason(_ error: any Error) -> String {
        if let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return "\(error)"
    }

    /// A run killed between the two renames leaves no output but a previous one: put it back.
    func recoverFromKilledRun() throws {
        let fm = FileManager.default
        if fm.fileExists(atPath: previous.path) {
            if fm.fileExists(atPath: output.path) {
                try fm.removeItem(at: previous)
            } else {
                try fm.moveItem(at: previous, to: output)
            }
        }
        if fm.fileExists(atPath: staging.path) { try fm.removeItem(at: staging) }
    }
}
