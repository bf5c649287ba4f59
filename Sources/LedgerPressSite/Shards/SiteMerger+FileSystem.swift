import Foundation
import LedgerPressCore
import LedgerPressPublish

extension SiteMerger {
    /// Reads a shard: its folder (no links, no special files), its manifest and `shard.json`, and its top-level
    /// files, each checked against its size and SHA-256 (the payees' folders are checked as they are merged).
    /// A shard is exactly what its manifests say: every path is a ``SitePath`` of the shard's own payees, and a
    /// file no manifest lists is refused.
    func load(_ url: URL) throws(MergeFailure) -> LoadedShard {
        let directory = url.relativePath
        let folder = try ShardFolder(url, display: directory)
        var listing = try folder.list()
        guard listing.status["manifest.json"] != nil, let manifestBytes = try folder.read("manifest.json") else {
            throw .missing("\(directory)/manifest.json: error: expected a ledgerpress manifest, got no file")
        }
        let published = try checkSeal(folder, listing: &listing, manifest: manifestBytes, directory: directory)
        let manifest: Manifest
        do {
            manifest = try JSONDecoder().decode(Manifest.self, from: manifestBytes)
        } catch {
            throw .mismatch(
                "\(directory)/manifest.json: error: expected a ledgerpress manifest of format \(Manifest.formatVersion), got \(PreviousManifest.reason(error))"
            )
        }
        // Folder names are recomputed from the ids below: that needs the key the shard was built with.
        guard manifest.options.linkKeyID == links.keyID else {
            let built =
                manifest.options.linkKeyID.map { "with the link secret of key id \($0)" } ?? "without a link secret"
            let given = links.keyID.map { "one of key id \($0)" } ?? "none"
            throw .mismatch(
                "\(directory)/manifest.json: error: options: expected payee folders named with this merge's link secret, "
                    + "got a shard built \(built) (this merge has \(given)); pass the build's --link-secret to merge")
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
                throw badListing(
                    entry.path, "expected a relative path without '.', '..' or empty components, got \(error)")
            }
            guard entry.path != "manifest.json", listed.insert(entry.path).inserted else {
                throw badListing(entry.path, "expected each file once")
            }
        }
        guard listed.contains(ShardRecord.path) else {
            throw .mismatch(
                "\(directory): expected the output of `build --shard I/N` (with \(ShardRecord.path)), got a site without one"
            )
        }
        var files: [String: Data] = [:]
        func read(_ entry: Manifest.FileEntry, keep: Bool = true) throws(MergeFailure) {
            guard listing.status[entry.path] != nil, let bytes = try folder.read(entry.path) else {
                throw .mismatch("\(directory)/\(entry.path): listed in the shard's manifest, but missing")
            }
            guard bytes.count == entry.size, Manifest.sha256(bytes) == entry.sha256 else {
                throw .mismatch("\(directory)/\(entry.path): differs from the shard's manifest (size or SHA-256)")
            }
            if keep { files[entry.path] = bytes }
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
                throw badListing(path, "expected a known top-level file, got \(error)")
            }
        }
        for path in listed.sorted() where path.hasPrefix("payees/") && !SitePath.topLevelFiles.contains(path) {
            throw badListing(
                path, "expected only files outside payees/ (a payee's files are listed in their own manifest)")
        }
        var payeeFiles = Set<String>()
        for entry in manifest.payees {
            guard slugs.contains(entry.slug), entry.slug == links.slug(for: entry.id),
                entry.manifest.path == PayeeManifest.path(slug: entry.slug)
            else {
                throw .mismatch(
                    "\(directory)/manifest.json: error: payees: '\(SitePath.quoted(entry.id))': expected a payee of \(ShardRecord.path) with its own folder"
                )
            }
            payeeFiles.insert(entry.manifest.path)
        }
        for path in listing.status.keys.sorted() where path != "manifest.json" && !listed.contains(path) {
            // A payee's other files are checked against their payee manifest when the payee is merged.
            if path.hasPrefix("payees/"), let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")),
                slugs.contains(String(path[path.index(path.startIndex, offsetBy: 7)..<slash]))
            {
                continue
            }
            throw .mismatch(
                "\(directory)/\(SitePath.quoted(path)): error: expected only the files the shard's manifest lists, got one it does not list"
            )
        }
        for path in payeeFiles.sorted() where listing.status[path] == nil {
            throw .mismatch("\(directory)/\(path): listed in the shard's manifest, but missing")
        }
        for entry in manifest.files where entry.path != ShardRecord.path {
            try read(entry, keep: !FinancePages.csvPaths.contains(entry.path))
        }
        for path in listing.folders.sorted() {
            do {
                try SitePath.checkFolder(path, payeeSlugs: slugs)
            } catch {
                throw .mismatch(
                    "\(directory)/\(SitePath.quoted(path)): error: expected only the folders of the shard's files, got \(error)"
                )
            }
        }
        var offsets: [String: [Int]] = [:]
        for (column, path) in FinancePages.csvPaths.enumerated() {
            guard let entry = manifest.files.first(where: { $0.path == path }) else {
                throw .mismatch("\(directory)/\(path): missing")
            }
            let header = Data((FinancePages.csvHeaders[column] + "\n").utf8)
            guard let start = try folder.read(path, at: 0, count: header.count), start == header else {
                throw .mismatch("\(directory)/\(path): expected the \(path) header, got another first line")
            }
            var offset = header.count
            for payee in record.finance.payees {
                guard payee.csvBytes.count == FinancePages.csvPaths.count, payee.csvBytes[column] >= 0,
                    payee.csvBytes[column] <= entry.size - offset
                else {
                    throw .mismatch(
                        "\(directory)/\(path): expected \(payee.csvBytes.count > column ? payee.csvBytes[column] : 0) bytes of rows for payee \(payee.id), got fewer"
                    )
                }
                offsets[payee.id, default: []].append(offset)
                offset += payee.csvBytes[column]
            }
            guard offset == entry.size else {
                throw .mismatch(
                    "\(directory)/\(path): expected rows of the shard's payees only, got \(entry.size - offset) more bytes"
                )
            }
        }
        return LoadedShard(
            directory: directory, folder: folder, listing: listing, manifest: manifest, record: record, files: files,
            financeOffsets: offsets, published: published)
    }

    /// A payee's folder from its shard, checked file by file against the payee manifest the shard's manifest
    /// vouches for (and nothing else in the folder), with their rows of the shard's finance CSVs.
    func payeeOutput(
        _ entry: Manifest.PayeeEntry, from shard: LoadedShard, site: PreviousSite, output: URL, mode: SitePipeline.Mode
    ) throws -> PayeeOutput {
        let directory = shard.directory
        guard let manifestBytes = try shard.folder.read(entry.manifest.path),
            manifestBytes.count == entry.manifest.size,
            Manifest.sha256(manifestBytes) == entry.manifest.sha256
        else {
            throw MergeFailure.mismatch(
                "\(directory)/\(entry.manifest.path): differs from the shard's manifest (size or SHA-256)")
        }
        let manifest: PayeeManifest
        if let read = try? JSONCursor.decode(
            manifestBytes, { json throws(JSONCursor.Unexpected) in try PayeeManifest(json: &json) })
        {
            manifest = read
        } else {
            // What the cursor refuses, JSONDecoder says in its words.
            do {
                manifest = try JSONDecoder().decode(PayeeManifest.self, from: manifestBytes)
            } catch {
                throw MergeFailure.mismatch(
                    "\(directory)/\(entry.manifest.path): expected a payee manifest, got \(PreviousManifest.reason(error))"
                )
            }
        }
        let folder = "payees/\(entry.slug)/"
        let present = shard.listing.filesIn["payees/\(entry.slug)"] ?? []
        var expected = Set([entry.manifest.path])
        for file in manifest.files {
            guard file.path.hasPrefix(folder), (try? SitePath.check(file.path, payeeSlugs: [entry.slug])) != nil,
                expected.insert(file.path).inserted
            else {
                throw MergeFailure.mismatch(
                    "\(directory)/\(entry.manifest.path): error: files: '\(SitePath.quoted(file.path))': expected each file of payees/\(entry.slug)/ once"
                )
            }
        }
        // Only what a build writes for this payee: the home and each statement's documents (none in a
        // finance-only build), one per period the shard's manifest records for them.
        let recorded = try recordedDocuments(shard.record, directory: directory)
        let writes = SiteMerger.buildFiles(
            of: entry, mode: mode, documents: recorded, letters: shard.manifest.options.letterKeyID != nil)
        for file in manifest.files where !writes.contains(String(file.path.dropFirst(folder.utf8.count))) {
            throw MergeFailure.mismatch(
                "\(directory)/\(entry.manifest.path): error: files: '\(SitePath.quoted(file.path))': expected only the files a build writes for payee \(SitePath.quoted(entry.id)) (index.html and each statement's \(recorded.map(\.suffix).joined(separator: ", "))), got another"
            )
        }
        guard manifest.files.count + 1 == entry.files else {
            throw MergeFailure.mismatch(
                "\(directory)/manifest.json: payee \(SitePath.quoted(entry.id)) has \(entry.files) files, but their manifest lists \(manifest.files.count + 1)"
            )
        }
        for path in present.sorted() where !expected.contains(path) {
            throw MergeFailure.mismatch(
                "\(directory)/\(SitePath.quoted(path)): error: expected only the files the shard's manifest lists, got one it does not list"
            )
        }
        let old = site.payees[entry.id].flatMap { site.payees[entry.id]?.slug == entry.slug ? $0 : nil }
        let oldManifest = old == nil ? nil : try site.payeeManifest(slug: entry.slug)
        var oldFiles: [String: String] = [:]
        for file in oldManifest?.files ?? [] { oldFiles[file.path] = file.sha256 }
        if let old { oldFiles[old.manifest.path] = old.manifest.sha256 }
        var result = PayeeOutput(operations: [], financeRows: [], entry: entry, rendered: false)
        var staged = StagedFiles(published: output)
        for file in manifest.files + [entry.manifest] {
            let bytes: Data
            if file.path == entry.manifest.path {
                bytes = manifestBytes
            } else if let listed = shard.listing.status[file.path], listed.size == file.size,
                listed.touched <= shard.published, listed.links == 1
            {
                // Vouched for by the shard's manifest: linked, not read (see ``LoadedShard/published``).
                let old = oldFiles.removeValue(forKey: file.path)
                staged.adopt(
                    file, source: shard.folder.path + "/" + file.path, listed: listed, old: old,
                    publishedIntact: old == file.sha256 && site.holdsUntouched(file, in: output))
                continue
            } else {
                guard let read = try shard.folder.read(file.path) else {
                    throw MergeFailure.mismatch(
                        "\(directory)/\(file.path): listed in the shard's manifest, but missing")
                }
                guard read.count == file.size, Manifest.sha256(read) == file.sha256 else {
                    throw MergeFailure.mismatch(
                        "\(directory)/\(file.path): differs from the shard's manifest (size or SHA-256)")
                }
                bytes = read
            }
            staged.stage(OutputFile(path: file.path, bytes: bytes), old: oldFiles.removeValue(forKey: file.path))
        }
        staged.report.removed = oldFiles.count
        staged.prune("payees/" + entry.slug, keeping: manifest.files.map(\.path) + [entry.manifest.path])
        // Under another folder name (a rotated link secret), the published folder goes as a whole.
        if let moved = site.payees[entry.id], moved.slug != entry.slug { staged.report.removed += moved.files }
        result.operations = staged.operations
        result.report = staged.report
        // The payee's letters' verify pages, as the shard published them.
        for hash in entry.letters ?? [] {
            for path in [LetterFiles.verifyPath(sha256: hash), LetterFiles.shortPath(sha256: hash)] {
                guard let bytes = shard.files[path] else {
                    throw MergeFailure.mismatch(
                        "\(directory)/\(path): missing (payee \(SitePath.quoted(entry.id))'s letter)")
                }
                result.verifyFiles.append(OutputFile(path: path, bytes: bytes))
            }
        }
        guard let starts = shard.financeOffsets[entry.id] else {
            throw MergeFailure.mismatch("payee \(SitePath.quoted(entry.id)) has no rows in the shards' finance files")
        }
        for (column, path) in FinancePages.csvPaths.enumerated() {
            guard let rows = try shard.folder.read(path, at: starts[column], count: entry.finance.csvBytes[column])
            else {
                throw MergeFailure.mismatch("\(directory)/\(path): missing")
            }
            result.financeRows.append(.bytes(rows))
        }
        return result
    }

    /// The folder names of the shard's payees, each what ``PayeeLinks`` gives for its id (never what the shard says alone).
    func payeeSlugs(_ record: ShardRecord, directory: String) throws(MergeFailure) -> Set<String> {
        var slugs = Set<String>()
        for payee in record.finance.payees {
            let slug = links.slug(for: payee.id)
            guard payee.slug == slug else {
                throw .mismatch(
                    "\(directory)/\(ShardRecord.path): error: slug: expected '\(slug)' for payee '\(SitePath.quoted(payee.id))', got '\(SitePath.quoted(payee.slug))'"
                )
            }
            guard slugs.insert(slug).inserted else {
                throw .mismatch(
                    "\(directory)/\(ShardRecord.path): error: payees: expected each payee once, got '\(SitePath.quoted(payee.id))' twice"
                )
            }
        }
        return slugs
    }
}

extension SiteMerger {
    /// The shard's seal (``ShardSeal``), taken out of the listing (it is the shard's record, never published):
    /// with a shard secret, refused unless it is keyed by it and names this manifest; without one, a keyed seal is a
    /// usage error (the secret is missing). Returns when the shard's publish ended, as the seal records it, while the
    /// manifest is the one it records and untouched since; `Int64.min` otherwise (every file is then read).
    func checkSeal(
        _ folder: ShardFolder, listing: inout ShardFolder.Listing, manifest: Data, directory: String
    ) throws(MergeFailure) -> Int64 {
        var seal: ShardSeal?
        if listing.status.removeValue(forKey: ShardSeal.name) != nil {
            listing.filesIn[""]?.removeAll { $0 == ShardSeal.name }
            seal = try folder.read(ShardSeal.name).flatMap(ShardSeal.init(data:))
        }
        let digest = Manifest.sha256(manifest)
        if let secret = shardSecret {
            guard let seal, seal.isSealed(with: secret), seal.manifestSHA256 == digest else {
                let got =
                    seal == nil
                    ? "no seal" : seal?.hmac == nil ? "a seal without a key" : "a seal of other files or another secret"
                throw .mismatch(
                    "\(directory)/\(ShardSeal.name): error: expected a shard sealed with this merge's --shard-secret, got \(got); nothing of the shard is trusted"
                )
            }
        } else if seal?.hmac != nil {
            throw .usage(
                "\(directory)/\(ShardSeal.name): error: the shard is sealed with a shard secret; pass the build's --shard-secret (or $LEDGERPRESS_SHARD_SECRET_FILE) to merge"
            )
        }
        guard let seal, seal.manifestSHA256 == digest, let listed = listing.status["manifest.json"],
            PublishRecord(device: listed.device, inode: listed.inode, size: listed.size, settled: listed.touched)
                == seal.record
        else { return Int64.min }
        return seal.record.settled
    }

    /// The documents the merge knows a statement may be published as: its own (``documents``) and the PDF
    /// (`--pdf`, whatever its engine).
    var knownSuffixes: Set<String> { Set(documents.suffixes + [SiteMerger.pdfSuffix]) }

    /// What a statement's PDF's name ends in (``StatementPDFDocument``).
    static let pdfSuffix = ".pdf"

    /// The documents a shard's build published for each statement, as its record says (the standard ones for a
    /// shard of an older ledgerpress), each one this merge knows.
    func recordedDocuments(_ record: ShardRecord, directory: String) throws(MergeFailure) -> [ShardRecord.Document] {
        let recorded = record.documents ?? ShardRecord.Document.list(documents)
        let known = knownSuffixes
        for document in recorded where !known.contains(document.suffix) {
            throw .mismatch(
                "\(directory)/\(ShardRecord.path): error: documents: expected statement documents this merge knows (\(known.sorted().joined(separator: ", "))), got '\(SitePath.quoted(document.suffix))'"
            )
        }
        return recorded
    }

    /// The names of the files a build writes in a payee's folder besides their manifest, with the statement
    /// documents `documents` (and the letter's files, its PDF with a PDF among them).
    static func buildFiles(
        of entry: Manifest.PayeeEntry, mode: SitePipeline.Mode, documents: [ShardRecord.Document], letters: Bool = false
    ) -> Set<String> {
        guard mode == .site else { return [] }
        var names: Set<String> = ["index.html"]
        if letters {
            names.formUnion(LetterFiles.names)
            if documents.contains(where: { $0.suffix == SiteMerger.pdfSuffix }) {
                names.insert(LetterFiles.pdf)
            }
        }
        for label in entry.periods {
            guard let period = Period(label: label) else { continue }
            for document in documents where document.periods.contains(period.kind.rawValue) {
                names.insert(label + document.suffix)
            }
        }
        return names
    }
}
