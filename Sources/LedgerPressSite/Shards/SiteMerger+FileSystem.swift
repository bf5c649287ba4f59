import Foundation

extension SiteMerger {
    /// Reads a shard: its folder (no links, no special files), its manifest, `shard.json` and every file the
    /// manifest lists, checking each against its size and SHA-256. A shard is exactly what its manifest says:
    /// every path is a ``SitePath`` of the shard's own payees, and a file the manifest does not list is refused.
    func load(_ url: URL) throws(MergeFailure) -> LoadedShard {
        let directory = url.relativePath
        let folder = try ShardFolder(url, display: directory)
        let listing = try folder.list()
        guard listing.files.contains("manifest.json"), let manifestBytes = try folder.read("manifest.json") else {
            throw .missing("\(directory)/manifest.json: error: expected a ledgerpress manifest, got no file")
        }
        let manifest: Manifest
        do {
            manifest = try JSONDecoder().decode(Manifest.self, from: manifestBytes)
        } catch {
            throw .mismatch("\(directory)/manifest.json: error: expected a ledgerpress manifest, got \(error)")
        }
        func badListing(_ path: String, _ problem: String) -> MergeFailure {
            .mismatch("\(directory)/manifest.json: error: files: '\(SitePath.quoted(path))': \(problem)")
        }
        // Every path is checked before any file is read: first its form, then (with the payees of shard.json) where it is.
        var listed = Set<String>()
        for entry in manifest.files {
            do {
                try SitePath.checkForm(entry.path)
            } catch {
                throw badListing(entry.path, "expected a relative path without '.', '..' or empty components, got \(error)")
            }
            guard entry.path != "manifest.json", listed.insert(entry.path).inserted else { throw badListing(entry.path, "expected each file once") }
        }
        guard listed.contains(ShardRecord.path) else {
            throw .mismatch("\(directory): expected the output of `build --shard I/N` (with \(ShardRecord.path)), got a site without one")
        }
        var files: [String: Data] = [:]
        func read(_ entry: Manifest.FileEntry) throws(MergeFailure) {
            guard listing.files.contains(entry.path), let bytes = try folder.read(entry.path) else {
                throw .mismatch("\(directory)/\(entry.path): listed in the shard's manifest, but missing")
            }
            guard bytes.count == entry.size, Manifest.sha256(bytes) == entry.sha256 else {
                throw .mismatch("\(directory)/\(entry.path): differs from the shard's manifest (size or SHA-256)")
            }
            files[entry.path] = bytes
        }
        for entry in manifest.files where entry.path == ShardRecord.path { try read(entry) }
        let record: ShardRecord
        do {
            record = try JSONDecoder().decode(ShardRecord.self, from: files[ShardRecord.path] ?? Data())
        } catch {
            throw .mismatch("\(directory)/\(ShardRecord.path): expected a shard record, got \(error)")
        }
        let slugs = try payeeSlugs(record, directory: directory)
        for path in listed.sorted() {
            do {
                try SitePath.check(path, payeeSlugs: slugs)
            } catch {
                throw badListing(path, "expected a file inside payees/<slug>/ of the shard's payees or a known top-level file, got \(error)")
            }
        }
        for path in listing.files.sorted() where path != "manifest.json" && !listed.contains(path) {
            throw .mismatch("\(directory)/\(SitePath.quoted(path)): error: expected only the files the shard's manifest lists, got one it does not list")
        }
        for entry in manifest.files where entry.path != ShardRecord.path { try read(entry) }
        for path in listing.folders.sorted() {
            do {
                try SitePath.checkFolder(path, payeeSlugs: slugs)
            } catch {
                throw .mismatch("\(directory)/\(SitePath.quoted(path)): error: expected only the folders of the shard's files, got \(error)")
            }
        }
        return LoadedShard(directory: directory, manifest: manifest, record: record, files: files)
    }

    /// The folder names of the shard's payees, each what ``PayeeSlug`` gives for its id (never what the shard says alone).
    func payeeSlugs(_ record: ShardRecord, directory: String) throws(MergeFailure) -> Set<String> {
        var slugs = Set<String>()
        for payee in record.finance.payees {
            let slug = PayeeSlug.slug(for: payee.id)
            guard payee.slug == slug else {
                throw .mismatch(
                    "\(directory)/\(ShardRecord.path): error: slug: expected '\(slug)' for payee '\(SitePath.quoted(payee.id))', got '\(SitePath.quoted(payee.slug))'"
                )
            }
            guard slugs.insert(slug).inserted else {
                throw .mismatch("\(directory)/\(ShardRecord.path): error: payees: expected each payee once, got '\(SitePath.quoted(payee.id))' twice")
            }
        }
        return slugs
    }
}
