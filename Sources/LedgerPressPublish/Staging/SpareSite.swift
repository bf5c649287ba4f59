import Foundation
import LedgerPressCrypto
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The site before the last publish, kept beside the output as `.<output>.spare` so that the next run
/// starts its staging folder from it instead of from nothing: double buffering.
///
/// After a publish swaps the staging folder in, the old site sits at the staging path. It shares every
/// unchanged file with the new site (hard links), and differs from it only at the paths the publish wrote or
/// removed, which the staging writer recorded. Removing that tree costs one `unlink` per file (1.68M at
/// 1M entries, the bulk of a nightly rerun's publish); keeping it costs the disk space of the files that
/// changed. The next run renames it back to the staging path and brings only those paths up to date (each
/// unlinked, then linked again from the output when the output has it), after which the staging folder
/// holds exactly the published files, with their inodes: an unchanged file needs no work at all.
///
/// The spare is trusted only with its marker (``markerName``), written last: the list of differing paths and
/// the SHA-256 of the output's `manifest.json` at the time. A spare without it, or whose manifest digest is
/// not the output's (another site was published there since, by hand or by an older ledgerpress), is
/// removed and the staging folder starts empty, as before. Staged files are only ever replaced by
/// `unlink` and `open(O_EXCL)`, never written in place, so the output's files (the same inodes) are never touched.
package struct SpareSite {
    /// A path where the spare and the published site differ: a file, or a whole folder (removed in the site).
    package enum Difference: Hashable, Sendable {
        case file(String)
        case folder(String)
    }

    package static let markerName = ".ledgerpress-spare"
    package static let header = "ledgerpress spare 1"
    /// Beyond this many differences the spare is not worth keeping: the next run would relink about as
    /// many files as starting from nothing, and the marker would be large.
    package static let maximumDifferences = 250_000

    /// The spare folder.
    package let path: String
    /// The output folder it mirrors.
    package let output: String
    /// Threads that bring it up to date (``adopt(as:)``).
    package var threads: Int
    /// The paths every run writes afresh (the top-level manifest, the finance CSVs): never linked on adopting.
    package let rewritten: Set<String>
    /// Whether a path the marker lists is a relative path inside the site (the site's `SitePath.checkForm`).
    package let isSitePath: @Sendable (String) -> Bool

    package init(
        path: String, output: String, threads: Int, rewritten: Set<String>,
        isSitePath: @escaping @Sendable (String) -> Bool
    ) {
        (self.path, self.output, self.threads, self.rewritten) = (path, output, threads, rewritten)
        self.isSitePath = isSitePath
    }

    /// Moves the spare to `staging` and brings it up to date with the output; true when `staging` now
    /// holds the output's files. False when there is no usable spare (it is then removed, and `staging`
    /// does not exist).
    package func adopt(as staging: String) -> Bool {
        guard FileManager.default.fileExists(atPath: path) else { return false }
        guard let differences = readMarker(), sharesFiles(outside: differences), rename(path, staging) == 0 else {
            SystemFile.removeTree(path)
            return false
        }
        unlink(staging + "/" + Self.markerName)
        // The top-level manifest and the finance CSVs are written afresh by every run (the CSVs are linked back at
        // the end when their bytes are the published ones); linking them here would change the published files'
        // status time, by which a run tells the files it may reuse (``PublishedSite/settle(seal:)``).
        let rewritten = Set(self.rewritten.map { Difference.file($0) })
        let caughtUp = Self.each(differences.filter { !rewritten.contains($0) }, threads: threads) {
            catchUp(staging, at: $0)
        }
        if !caughtUp { SystemFile.removeTree(staging) }
        return caughtUp
    }

    /// Whether `body` holds for every difference: the folders first, one after another (a folder's removal comes
    /// before any file in it), then the files on up to `threads` threads (each file's catch-up touches that file
    /// alone, and making a missing parent folder tolerates another thread making it too). At 1M entries a late
    /// night leaves about 40,000 differences: half a second of one core, between the plan and the render.
    package static func each(_ differences: [Difference], threads: Int, _ body: @Sendable (Difference) -> Bool) -> Bool
    {
        var files: [Difference] = []
        for difference in differences {
            guard case .folder = difference else {
                files.append(difference)
                continue
            }
            if !body(difference) { return false }
        }
        let chunks = max(1, min(threads, files.count / 2_000))
        let failed = Mutex(false)
        DispatchQueue.concurrentPerform(iterations: chunks) { [files] chunk in
            let range = (files.count * chunk / chunks)..<(files.count * (chunk + 1) / chunks)
            for difference in files[range] where !failed.withLock({ $0 }) {
                if !body(difference) { failed.withLock { $0 = true } }
            }
        }
        return !failed.withLock { $0 }
    }

    /// Brings one differing path of the staging folder to what the output holds there.
    private func catchUp(_ staging: String, at difference: Difference) -> Bool {
        switch difference {
        case .folder(let folder):
            SystemFile.removeTree(staging + "/" + folder)
            return !FileManager.default.fileExists(atPath: output + "/" + folder)
        case .file(let file):
            let target = staging + "/" + file
            if unlink(target) != 0, errno != ENOENT { SystemFile.removeTree(target) }
            var status = stat()
            guard lstat(output + "/" + file, &status) == 0 else { return errno == ENOENT }
            guard (status.st_mode & S_IFMT) == S_IFREG else { return false }
            if link(output + "/" + file, target) == 0 { return true }
            guard errno == ENOENT, (try? SystemFile.makeFolders((target as NSString).deletingLastPathComponent)) != nil
            else { return false }
            return link(output + "/" + file, target) == 0
        }
    }

    /// Whether the spare's files are the output's (hard links), checked on up to 16 payee manifests the
    /// marker does not list: a spare copied or restored apart from the output holds equal bytes under other
    /// inodes, and starting from it would give unchanged files new inodes.
    package func sharesFiles(outside differences: [Difference]) -> Bool {
        let listed = Set(
            differences.map { difference in
                switch difference {
                case .file(let file): return file
                case .folder(let folder): return folder
                }
            })
        var compared = 0
        for entry in SystemFile.listNames(output + "/payees") ?? [] where entry.isFolder && compared < 16 {
            let folder = "payees/" + entry.name
            let file = folder + "/manifest.json"
            guard !listed.contains(folder), !listed.contains(file) else { continue }
            var spare = stat()
            var published = stat()
            guard lstat(path + "/" + file, &spare) == 0, lstat(output + "/" + file, &published) == 0 else { continue }
            guard spare.st_ino == published.st_ino, spare.st_dev == published.st_dev else { return false }
            compared += 1
        }
        return true
    }

    /// The differences the marker lists, when it is whole and names the output's current manifest.
    package func readMarker() -> [Difference]? {
        guard let data = try? SystemFile.read(path + "/" + Self.markerName),
            let manifest = try? SystemFile.read(output + "/manifest.json")
        else { return nil }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= 3, lines[0] == Self.header, lines[1] == "manifest " + SHA256.hex(of: manifest),
            lines.last == "end"
        else { return nil }
        var differences: [Difference] = []
        for line in lines[2..<(lines.count - 1)] {
            let kind = line.prefix(2)
            let path = String(line.dropFirst(2))
            guard isSitePath(path) else { return nil }
            switch kind {
            case "f ": differences.append(.file(path))
            case "d ": differences.append(.folder(path))
            default: return nil
            }
        }
        return differences
    }

    /// Keeps the old site now at `staging` as the spare, with its marker; removes it when that is not worth it
    /// or cannot be done. Best effort: a spare that is not kept only makes the next run start from nothing.
    package func keep(oldSite staging: String, differences: [Difference]?) {
        SystemFile.removeTree(path)
        guard let differences, differences.count <= Self.maximumDifferences,
            let manifest = try? SystemFile.read(output + "/manifest.json")
        else {
            SystemFile.removeTree(staging)
            return
        }
        var text = Self.header + "\nmanifest " + SHA256.hex(of: manifest) + "\n"
        for difference in differences {
            switch difference {
            case .file(let file): text += "f " + file + "\n"
            case .folder(let folder): text += "d " + folder + "\n"
            }
        }
        text += "end"
        let marker = staging + "/" + Self.markerName
        unlink(marker)
        guard (try? SystemFile.create(marker, bytes: Data(text.utf8))) != nil, SystemFile.syncFile(marker),
            rename(staging, path) == 0
        else {
            SystemFile.removeTree(staging)
            return
        }
    }
}
