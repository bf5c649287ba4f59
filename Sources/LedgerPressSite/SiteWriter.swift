import Foundation

/// The only code that writes the output folder.
///
/// The complete site is written into `<output>.staging` beside the output folder (a file whose bytes
/// did not change is hard-linked from the old output instead, so it keeps its inode and mtime); only
/// when every file is there are the two folders exchanged in one atomic step (`renameat2` with
/// `RENAME_EXCHANGE`), so the output path never lacks a complete site; the old site, now at the staging
/// path, is then removed. Where the file system cannot exchange, the old output is moved aside to
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

        public var description: String {
            switch self {
            case .cannotCreate(let path, let reason): return "cannot write \(path): \(reason)"
            case .notADirectory(let path): return "\(path) exists and is not a directory"
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

    /// The previous output's files and hashes, from its manifest (empty when there is none).
    func previousHashes() -> [String: String] {
        struct PreviousManifest: Decodable {
            struct File: Decodable {
                var path: String
                var sha256: String
            }
            var files: [File]
        }
        guard let data = FileManager.default.contents(atPath: output.appendingPathComponent("manifest.json").path),
            let manifest = try? JSONDecoder().decode(PreviousManifest.self, from: data)
        else { return [:] }
        var hashes: [String: String] = [:]
        for file in manifest.files { hashes[file.path] = file.sha256 }
        if let own = FileManager.default.contents(atPath: output.appendingPathComponent("manifest.json").path) {
            hashes["manifest.json"] = Manifest.sha256(own)
        }
        return hashes
    }

    /// Writes every file, then swaps the new site in.
    @discardableResult
    public func publish(_ files: [OutputFile]) throws -> Report {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        if fm.fileExists(atPath: output.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw Failure.notADirectory(output.path)
        }
        try recoverFromKilledRun()
        let previous = previousHashes()
        var report = Report()
        do {
            try fm.createDirectory(at: staging, withIntermediateDirectories: true)
            var created = Set<String>()
            for file in files {
                let url = staging.appendingPathComponent(file.path)
                let folder = url.deletingLastPathComponent().path
                if !created.contains(folder) {
                    try fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
                    created.insert(folder)
                }
                let oldHash = previous[file.path]
                if let oldHash, oldHash == Manifest.sha256(file.bytes),
                    link(output.appendingPathComponent(file.path).path, url.path) == 0
                {
                    report.unchanged += 1
                    continue
                }
                if oldHash == nil { report.added += 1 } else { report.changed += 1 }
                guard fm.createFile(atPath: url.path, contents: file.bytes) else {
                    throw Failure.cannotCreate(path: url.path, reason: "the file could not be created")
                }
                if let limit = abortAfterFiles, report.added + report.changed + report.unchanged >= limit { abort() }
            }
            let newPaths = Set(files.map(\.path))
            report.removed = previous.keys.filter { !newPaths.contains($0) }.count
            if fm.fileExists(atPath: output.path) {
                if try SiteSwap.exchange(staging, output) {
                    // The old site is now at the staging path; a run killed before it is gone leaves it for the next one to remove.
                    try? fm.removeItem(at: staging)
                    return report
                }
                try fm.moveItem(at: output, to: self.previous)
            }
            try fm.moveItem(at: staging, to: output)
        } catch {
            try? fm.removeItem(at: staging)
            if !fm.fileExists(atPath: output.path), fm.fileExists(atPath: self.previous.path) {
                try? fm.moveItem(at: self.previous, to: output)
            }
            if let failure = error as? Failure { throw failure }
            throw Failure.cannotCreate(path: output.path, reason: error.localizedDescription)
        }
        try? fm.removeItem(at: self.previous)
        return report
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
