import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What vouches for a published site's files, kept in the builder's own records beside the output
/// (`.<output>.published`), never in the site: the top-level manifest as the end of the publish left it (device,
/// inode, size, and when it was last touched: ``SystemFile/touched(_:)``, set at the end of a publish: ``PublishedSite/settle(seal:)``).
///
/// A published file is as that publish left it when it was not touched (modified, or its status changed) after
/// the recorded moment. The moment is read from this record, and only while the manifest is still the one
/// recorded: touching the manifest (`touch`, `chmod -R`) invalidates the record instead of renewing it, and no
/// user can set a status change time back, so an edit, a `touch -r`, a chmod or a new hard link after the publish
/// is always seen. Without a valid record nothing is vouched for by time: files are read (or rendered) again.
package struct PublishRecord: Equatable, Sendable {
    package static let header = "ledgerpress publish record 1"

    package var device: UInt64
    package var inode: UInt64
    package var size: Int
    /// When the manifest was last touched, in ns since the epoch: the end of the publish.
    package var settled: Int64

    /// The record of the manifest at `path` as it is now (not following a link); nil when it is no regular file.
    package init?(manifestAt path: String) {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        self.init(status)
    }

    package init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        size = Int(status.st_size)
        settled = SystemFile.touched(status)
    }

    package init(device: UInt64, inode: UInt64, size: Int, settled: Int64) {
        (self.device, self.inode, self.size, self.settled) = (device, inode, size, settled)
    }

    /// `manifest <device> <inode> <size> <settled>`.
    package var line: String { "manifest \(device) \(inode) \(size) \(settled)" }

    /// Reads ``line``.
    package init?(line: Substring) {
        let parts = line.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 5, parts[0] == "manifest", let device = UInt64(parts[1]), let inode = UInt64(parts[2]),
            let size = Int(parts[3]), let settled = Int64(parts[4])
        else { return nil }
        self.init(device: device, inode: inode, size: size, settled: settled)
    }

    /// The record's path: `.<output>.published` beside the output.
    package static func path(beside output: URL) -> String {
        output.deletingLastPathComponent().appendingPathComponent("." + output.lastPathComponent + ".published").path
    }

    /// Records the site in `output` as it is now (after the manifest is touched last, ``PublishedSite/settle(seal:)``), replacing the record in one
    /// rename; best effort: a record not written only makes the next run read its files again.
    package static func write(for output: URL) {
        let path = path(beside: output)
        guard let record = PublishRecord(manifestAt: output.path + "/manifest.json") else {
            unlink(path)
            return
        }
        let text = header + "\n" + record.line + "\n"
        if (try? SystemFile.renameIntoPlace(path, bytes: Data(text.utf8))) == nil { unlink(path) }
    }

    /// When the site in `output` was last published by a run that recorded it, while its manifest is still the one
    /// recorded; nil otherwise (no record, another manifest since, or the manifest touched since).
    package static func settled(output: URL) -> Int64? {
        guard let data = try? SystemFile.read(path(beside: output)), data.count < 4096 else { return nil }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        guard lines.count == 2, lines[0] == header, let recorded = PublishRecord(line: lines[1]),
            let now = PublishRecord(manifestAt: output.path + "/manifest.json"), now == recorded
        else { return nil }
        return recorded.settled
    }
}
