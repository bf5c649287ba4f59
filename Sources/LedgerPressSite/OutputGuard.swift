/// Where `build` and `merge` may publish: a rule over resolved paths and what the output folder holds,
/// decided before anything is touched (no lock file, no staging folder).
///
/// Publishing replaces the whole output folder, so it is refused (exit 73) when the output is empty text,
/// `/`, a home folder (or holds one), the current folder (or holds it), holds an input, the payees or
/// mapping file, a shard or the templates folder, or is a folder that is neither empty nor a site
/// ledgerpress published (one with a `manifest.json` saying `"tool" : "ledgerpress"`, in any layout so
/// far). `--report` and `--reject-file` may not name an input or a file inside the output or its siblings;
/// nor may `--outbox` (a folder of e-mails, which inside the output would be published), refused as a usage error.
/// > Note: every path here is absolute with symlinks and `..` resolved (see `OutputGuard+FileSystem`),
/// so `./notes/..`, a symlink and the real folder are the same folder.
public struct OutputGuard: Sendable, Equatable {
    /// A path the user named, resolved.
    public struct Named: Sendable, Equatable {
        /// What it is to the run: `input file`, `payees file`, `templates folder`, `--report`, ...
        public var role: String
        public var resolved: String

        public init(role: String, resolved: String) {
            self.role = role
            self.resolved = resolved
        }
    }

    /// What is at the output path now.
    public enum Contents: Sendable, Equatable {
        case missing
        case empty
        /// A site ledgerpress published: its manifest names the tool.
        case site
        case notAFolder
        /// Anything else: a few of its entries (folders end in `/`), how many there are, and what is wrong
        /// with its `manifest.json` when it has one.
        case foreign(sample: [String], count: Int, manifest: String?)
        case unreadable(String)
    }

    /// The output as the user typed it (only its emptiness matters) and resolved.
    public var given: String
    public var output: String
    public var currentFolder: String
    /// `$HOME` and `/root`, resolved; any `/home/<name>` is a home folder too.
    public var homes: [String]
    /// Inputs, the payees and mapping files, shard folders and the templates folder.
    public var inputs: [Named]
    /// Files the run writes besides the site: `--report`, `--reject-file`.
    public var sideFiles: [Named]
    /// Folders the run writes into besides the site (`--outbox`): under the same rules as ``sideFiles``, and
    /// refused as a usage error (exit 64).
    public var sideFolders: [Named] = []

    public init(
        given: String, output: String, currentFolder: String, homes: [String], inputs: [Named], sideFiles: [Named]
    ) {
        self.given = given
        self.output = output
        self.currentFolder = currentFolder
        self.homes = homes
        self.inputs = inputs
        self.sideFiles = sideFiles
    }

    /// Why publishing there is refused.
    public struct Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        public var description: String
        /// The refusal is about `--report` or `--reject-file`: that file must not be written, not even the run report.
        public var sideFile = false
        /// The refusal is about a side folder (`--outbox`): a usage error (64), and nothing is written.
        public var usage = false

        public init(description: String, sideFile: Bool = false, usage: Bool = false) {
            self.description = description
            self.sideFile = sideFile
            self.usage = usage
        }
    }

    /// Checks the paths alone (nothing on disk needed beyond their resolution).
    public func checkPaths() throws(Refusal) {
        guard !given.isEmpty else {
            throw Refusal(
                description: "ledgerpress: error: --output: expected a folder, got empty text; nothing was touched")
        }
        func refuse(_ why: String) -> Refusal {
            Refusal(
                description:
                    "\(output): error: refusing to publish into this folder (--output \(given)): \(why); nothing was touched"
            )
        }
        if output == "/" { throw refuse("it is the root folder") }
        if output == currentFolder { throw refuse("it is the current folder") }
        if Self.isInside(currentFolder, output) { throw refuse("it holds the current folder") }
        let parts = output.split(separator: "/")
        if homes.contains(output) || (parts.count == 2 && parts[0] == "home") { throw refuse("it is a home folder") }
        if output == "/home" || homes.contains(where: { Self.isInside($0, output) }) {
            throw refuse("it holds a home folder")
        }
        for input in inputs {
            if input.resolved == output || Self.isInside(input.resolved, output) {
                throw refuse("it holds the \(input.role) \(input.resolved)")
            }
            if Self.isInside(output, input.resolved) {
                throw refuse("it is inside the \(input.role) \(input.resolved)")
            }
        }
        let siblings = [
            output + ".staging", Self.sibling(of: output, "." + Self.name(output) + ".lock"),
            Self.sibling(of: output, "." + Self.name(output) + ".previous"),
            Self.sibling(of: output, "." + Self.name(output) + ".spare"),
        ]
        let sides = sideFiles.map { ($0, false) } + sideFolders.map { ($0, true) }
        for (index, (file, isFolder)) in sides.enumerated() {
            func refuseFile(_ why: String) -> Refusal {
                let what = isFolder ? "into this folder" : "this file"
                return Refusal(
                    description:
                        "\(file.resolved): error: \(file.role): refusing to write \(what): \(why); nothing was touched",
                    sideFile: true, usage: isFolder)
            }
            if let input = inputs.first(where: { $0.resolved == file.resolved }) {
                throw refuseFile("it is the \(input.role)")
            }
            if file.resolved == output || Self.isInside(file.resolved, output) {
                throw refuseFile("it is inside the output folder \(output), which the publish replaces")
            }
            if let sibling = siblings.first(where: { file.resolved == $0 || Self.isInside(file.resolved, $0) }) {
                throw refuseFile("it is the publish's own \(sibling)")
            }
            // A run's own staging folder is `<output>.staging-<process id>`.
            if let staging = Self.stagingFolder(holding: file.resolved, output: output) {
                throw refuseFile("it is the publish's own \(staging)")
            }
            if let other = sides[..<index].map(\.0).first(where: { $0.resolved == file.resolved }) {
                throw refuseFile("\(other.role) names it too")
            }
        }
    }

    /// Checks what the output folder holds.
    public func checkContents(_ contents: Contents) throws(Refusal) {
        func refuse(_ why: String) -> Refusal {
            Refusal(description: "\(output): error: refusing to publish into this folder: \(why); nothing was touched")
        }
        switch contents {
        case .missing, .empty, .site: return
        case .notAFolder: throw refuse("it is a file, expected a folder")
        case .unreadable(let reason): throw refuse("cannot list it: \(reason)")
        case .foreign(let sample, let count, let manifest):
            let shown = sample.joined(separator: ", ") + (count > sample.count ? ", ..." : "")
            let what = "it holds \(count) \(count == 1 ? "entry" : "entries") (\(shown))"
            let manifestText =
                manifest.map { "its manifest.json is not a ledgerpress manifest (\($0))" }
                ?? "no ledgerpress manifest.json"
            throw refuse(
                "\(what) and \(manifestText); ledgerpress publishes only into a missing or empty folder or a site it published"
            )
        }
    }

    /// `path` is strictly inside `folder` (both absolute and resolved).
    static func isInside(_ path: String, _ folder: String) -> Bool {
        folder == "/" ? path != "/" : path.hasPrefix(folder + "/")
    }

    static func name(_ path: String) -> String { String(path.split(separator: "/").last ?? "") }

    /// The staging folder `<output>.staging-<anything>` that `path` is or is inside, if any.
    static func stagingFolder(holding path: String, output: String) -> String? {
        let prefix = output + ".staging-"
        guard path.hasPrefix(prefix) else { return nil }
        let rest = path.dropFirst(prefix.count)
        return prefix + (rest.split(separator: "/", omittingEmptySubsequences: false).first ?? "")
    }

    static func sibling(of path: String, _ name: String) -> String {
        let parent = path.split(separator: "/").dropLast().joined(separator: "/")
        return "/" + (parent.isEmpty ? name : parent + "/" + name)
    }
}
