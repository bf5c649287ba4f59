import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The guard's view of the disk: resolving paths and looking into the output folder, without changing anything.
extension OutputGuard {
    /// Resolves the paths of a run and checks them and the output folder's contents.
    ///
    /// - Parameters:
    ///   - output: `--output` as typed.
    ///   - inputs: (role, path) of every input: files, payees and mapping files, shard and templates folders.
    ///   - sideFiles: (option, path) of `--report` and `--reject-file` (`-` for standard output is left out).
    ///   - sideFolders: (option, path) of `--outbox`.
    /// - Returns: the output's resolved URL, where the run then publishes.
    public static func check(
        output: String, inputs: [(String, String)], sideFiles: [(String, String)],
        sideFolders: [(String, String)] = [], environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(Refusal) -> URL {
        let current = FileManager.default.currentDirectoryPath
        let resolve = { (path: String) in resolved(path, in: current) }
        var homes = ["/root"].map(resolve)
        if let home = environment["HOME"], !home.isEmpty { homes.append(resolve(home)) }
        var rule = OutputGuard(
            given: output, output: resolve(output), currentFolder: resolve(current), homes: homes,
            inputs: inputs.map { Named(role: $0.0, resolved: resolve($0.1)) },
            sideFiles: sideFiles.filter { $0.1 != "-" }.map { Named(role: $0.0, resolved: resolve($0.1)) })
        rule.sideFolders = sideFolders.map { Named(role: $0.0, resolved: resolve($0.1)) }
        try rule.checkPaths()
        try rule.checkContents(contents(of: rule.output))
        return URL(fileURLWithPath: rule.output)
    }

    /// An absolute path with every symlink and `.`/`..` resolved, for paths that exist only in part: the
    /// longest existing prefix is resolved by `realpath`, the rest (which cannot hold symlinks) by its text.
    /// A symbolic link whose target does not exist yet (`box -> site`, before the first publish) is followed
    /// by its text, so a path through it is where the run would really write.
    public static func resolved(_ path: String, in currentFolder: String, links: Int = 0) -> String {
        let absolute = path.hasPrefix("/") ? path : currentFolder + "/" + path
        let parts = absolute.split(separator: "/").map(String.init)
        var base = "/"
        var rest = parts[...]
        for count in stride(from: parts.count, through: 0, by: -1) {
            if let real = realpath("/" + parts[..<count].joined(separator: "/"), nil) {
                base = String(cString: real)
                free(real)
                rest = parts[count...]
                break
            }
        }
        if let first = rest.first, first != ".", first != "..", links < 40,
            let target = danglingLink((base == "/" ? "" : base) + "/" + first)
        {
            let after = rest.dropFirst().joined(separator: "/")
            let joined = (target.hasPrefix("/") ? target : base + "/" + target) + (after.isEmpty ? "" : "/" + after)
            return resolved(joined, in: currentFolder, links: links + 1)
        }
        var result = base.split(separator: "/").map(String.init)
        for part in rest {
            if part == "." || part.isEmpty { continue }
            if part == ".." {
                _ = result.popLast()
            } else {
                result.append(part)
            }
        }
        return "/" + result.joined(separator: "/")
    }

    /// The target of the symbolic link at `path`, or nil when it is none.
    static func danglingLink(_ path: String) -> String? {
        var status = stat()
        guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A folder kept in version control by one empty `.gitkeep` (as this repository keeps `output/`) counts
    /// as empty: the placeholder holds no data, and the first publish replaces the folder as it would an empty one.
    static func isPlaceholderOnly(_ entries: [String], in path: String) -> Bool {
        guard entries == [".gitkeep"] else { return false }
        var status = stat()
        return lstat(path + "/.gitkeep", &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG && status.st_size == 0
    }

    /// What is at a resolved output path.
    public static func contents(of path: String) -> Contents {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            return errno == ENOENT ? .missing : .unreadable(String(cString: strerror(errno)))
        }
        guard (status.st_mode & S_IFMT) == S_IFDIR else { return .notAFolder }
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: path).sorted()
        } catch {
            return .unreadable("\(error.localizedDescription)")
        }
        if entries.isEmpty || isPlaceholderOnly(entries, in: path) { return .empty }
        var manifestProblem: String?
        if entries.contains("manifest.json") {
            do {
                if try PreviousManifest.read(ManifestTool.self, in: URL(fileURLWithPath: path)) != nil { return .site }
            } catch {
                manifestProblem = error.reason
            }
        }
        let sample = entries.prefix(5).map { entry in
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path + "/" + entry, isDirectory: &isDirectory)
            return isDirectory.boolValue ? entry + "/" : entry
        }
        return .foreign(sample: Array(sample), count: entries.count, manifest: manifestProblem)
    }
}

/// A manifest read for its `tool` alone: whether a folder is a site ledgerpress published. ``JSONCursor`` skips
/// every other member (at 1M entries `JSONDecoder` took 0.2 s over the 25 MB for this); a manifest it refuses is
/// handed to `JSONDecoder`, whose words the refusal keeps.
private struct ManifestTool: Decodable, CursorReadable {
    var tool: String?
    var manifestTool: String? { tool }

    init(json: inout JSONCursor) throws(JSONCursor.Unexpected) {
        var tool: String?
        try json.object { json, name throws(JSONCursor.Unexpected) in
            if name == "tool", !(try json.null()) { tool = try json.string() } else { try json.skipValue() }
        }
        self.tool = tool
    }
}
