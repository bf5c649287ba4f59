import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The end of a publish in the output folder: the manifest touched last, the builder's record of the publish
/// beside the output (``PublishRecord``), and a shard's seal (`.ledgerpress-seal`) written or removed.
package struct PublishedSite: Sendable {
    /// The seal's name in a shard's folder (the seal itself is the site's ``ShardSeal``).
    package static let sealName = ".ledgerpress-seal"

    package let output: URL

    package init(output: URL) { self.output = output }

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
        let path = output.path + "/" + Self.sealName
        let temporary = path + ".tmp-\(getpid())"
        unlink(temporary)
        try SystemFile.create(temporary, bytes: Data(text(manifest, record).utf8))
        guard rename(temporary, path) == 0 else {
            let failure = SystemError("rename the shard's seal to", path)
            unlink(temporary)
            throw failure
        }
    }
}
