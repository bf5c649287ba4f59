import Foundation

/// The only code that writes the output folder.
///
/// The complete site is written into `<output>.staging` beside the output folder; only when every
/// file is written does it take the output's place (the old output is first moved aside to
/// `.<output>.previous`, then removed). Any failure before that leaves the old output untouched
/// and removes the staging folder. Leftovers of a killed run are cleaned up by the next one.
public struct SiteWriter {
    public let output: URL

    public init(output: URL) {
        self.output = output.standardizedFileURL
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

    /// Writes every file, then swaps the new site in.
    public func publish(_ files: [OutputFile]) throws {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        if fm.fileExists(atPath: output.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw Failure.notADirectory(output.path)
        }
        try recoverFromKilledRun()
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
                guard fm.createFile(atPath: url.path, contents: file.bytes) else {
                    throw Failure.cannotCreate(path: url.path, reason: "the file could not be created")
                }
            }
            if fm.fileExists(atPath: output.path) {
                try fm.moveItem(at: output, to: previous)
            }
            try fm.moveItem(at: staging, to: output)
        } catch {
            try? fm.removeItem(at: staging)
            if !fm.fileExists(atPath: output.path), fm.fileExists(atPath: previous.path) {
                try? fm.moveItem(at: previous, to: output)
            }
            if let failure = error as? Failure { throw failure }
            throw Failure.cannotCreate(path: output.path, reason: error.localizedDescription)
        }
        try? fm.removeItem(at: previous)
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
