import Foundation
import LedgerPressCore
import LedgerPressImport
import LedgerPressPublish
import LedgerPressSite

#if canImport(Glibc)
    import Glibc
#endif

/// The import of the last build, kept beside its output as `.<output>.ledger`, so that the next build reads only what
/// changed: inputs that are byte for byte the same are taken as they were, and the last of them, when it only grew
/// (rows appended, its old bytes' SHA-256 unchanged), is read from where the last build stopped.
///
/// > Note: the file holds the ledger's state (``Ledger/writeState(_:)``: texts, records, payee types) and, for each
/// > input, what reading it gave (counts, rejected rows, problems, its summary line's facts, its size and SHA-256),
/// > keyed by the tool's identity and everything else the import depends on (the payees file's and the mapping's
/// > SHA-256, `--format`, `--payee`, `--payee-type`, `--source-timezone`: ``key``). It ends with the SHA-256 of every
/// > byte before it. A file that does not match, or is damaged, is not used: the build then reads every input, as it
/// > would without one. Only builds whose inputs are all native CSV files keep one.
enum ImportCheckpoint {
    static let magic = Array("ledgerpress import checkpoint 3\n".utf8)

    /// What one input gave, as the checkpoint keeps it.
    struct Input: Codable {
        /// The source's name (a file's path as given).
        var name: String
        var file: ImportedFile.Summary
        var count: InputCount
        var rejected: [RejectedRow]
        /// The ledger's problems with its rows (the importer's are in `file`).
        var problems: [Diagnostic]
        var summary: InputSummary
    }

    struct Meta: Codable {
        var key: String
        var inputs: [Input]
    }

    /// Each payee's entries digest as the build that wrote the checkpoint planned them (``SitePipeline/Configuration/knownEntryDigests``),
    /// after its `--as-of` (`asOf` nil when it cut no entry): a later build that cuts the ledger the same way (the same
    /// `--as-of`, or none that cuts an entry) takes those of the payees no row it read touched.
    struct EntryDigests: Codable, Sendable {
        var asOf: String?
        var digests: [String: String]
    }

    /// The checkpoint's place beside `output`.
    static func path(beside output: URL) -> String {
        output.deletingLastPathComponent().appendingPathComponent("." + output.lastPathComponent + ".ledger").path
    }

    /// Everything besides the inputs' bytes that what an import gives depends on.
    static func key(tool: String, inputs: BuildInputs, payeesSHA256: String?, mappingSHA256: String?) -> String {
        var parts = ["tool=" + tool]
        parts.append("payees=" + (payeesSHA256 ?? "-"))
        parts.append("mapping=" + (mappingSHA256 ?? "-"))
        parts.append("format=" + (inputs.format?.rawValue ?? "-"))
        parts.append("payee=" + (inputs.payee ?? "-"))
        for (file, account) in inputs.payeeBySource.sorted(by: { $0.key < $1.key }) {
            parts.append("payee-by-source=" + file + "=" + account)
        }
        parts.append("payee-type=" + (inputs.payeeType?.rawValue ?? "-"))
        parts.append("source-timezone=" + (inputs.sourceZone?.identifier ?? "-"))
        return parts.joined(separator: "\n")
    }

    /// Writes the checkpoint of `ledger` to `path` (``CheckpointFile/write(to:_:)``: a new file, replaced if it is
    /// there); the payees' entries digests come last (`digests` may wait for them; nil: the build did not get that
    /// far, nothing is kept).
    static func write(_ meta: Meta, ledger: Ledger, to path: String, digests: () -> EntryDigests?) throws {
        try CheckpointFile.write(to: path) { writer in
            try magic.withUnsafeBytes { try writer.raw($0) }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            try writer.text(String(decoding: try encoder.encode(meta), as: UTF8.self))
            try ledger.writeState(&writer)
            guard let digests = digests() else { throw SystemError("finish", path, code: ECANCELED) }
            try writer.text(String(decoding: try encoder.encode(digests), as: UTF8.self))
        }
    }

    /// A build's new checkpoint, written while the build goes on and kept once it publishes
    /// (``CheckpointFile/Writing``).
    typealias Writing = CheckpointFile.Writing<EntryDigests>

    /// The checkpoint at `path`, read up to its ledger's state (which `opened.state` then gives); nil when there is none,
    /// or it is not a checkpoint this tool wrote for `key`.
    ///
    /// > Note: what a checkpoint holds is published as if it had been read from the inputs, so only one that this
    /// > user could have written is read: a regular file of the user's own that no one else may write (the build
    /// > makes it 0600), like a private key.
    static func open(_ path: String, key: String) -> (meta: Meta, opened: Opened)? {
        let file = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard file >= 0 else { return nil }
        let opened = Opened(file: file)
        var status = stat()
        guard fstat(file, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_uid == geteuid(),
            status.st_mode & 0o022 == 0
        else { return nil }
        var reader = opened.reader()
        guard (try? reader.raw(magic.count, { Array($0) })) == magic,
            let text = try? reader.text(),
            let meta = try? JSONDecoder().decode(Meta.self, from: Data(text.utf8)),
            meta.key == key
        else { return nil }
        opened.state = reader
        return (meta, opened)
    }

    /// An open checkpoint file: the ledger's state is read from `state`, and every byte read is digested so that the
    /// file's closing SHA-256 can be checked (``verifiedEnd(_:)``).
    final class Opened {
        let file: Int32
        var digest = FileDigest.Stream()
        /// The bytes read from the file and not yet digested (the closing digest's 64 bytes must not be).
        private var pending: [UInt8] = []
        private var ended = false
        /// The reader, once it stands after the checkpoint's inputs: the ledger's state comes next.
        var state: StateReader?

        init(file: Int32) { self.file = file }
        deinit { close(file) }

        /// A reader of the file's bytes before its closing digest.
        func reader() -> StateReader {
            StateReader { [unowned self] limit in try self.next(limit) }
        }

        /// Up to `limit` bytes that precede the closing digest (digested as they go out).
        private func next(_ limit: Int) throws -> [UInt8] {
            // Keep 64 bytes back: the file's last 64 are its digest.
            while !ended && pending.count < limit + 64 {
                let piece = [UInt8](unsafeUninitializedCapacity: max(limit, 1 << 20)) { buffer, count in
                    var got = 0
                    repeat { got = Glibc.read(file, buffer.baseAddress, buffer.count) } while got < 0 && errno == EINTR
                    count = max(0, got)
                }
                if piece.isEmpty { ended = true } else { pending += piece }
            }
            let take = min(limit, max(0, pending.count - 64))
            let out = Array(pending[..<take])
            pending.removeSubrange(..<take)
            out.withUnsafeBytes { digest.update($0) }
            return out
        }

        /// Whether `state` (this file's reader) was read to its end and the file's closing digest is that of the
        /// bytes before it.
        func verifiedEnd(_ state: inout StateReader) -> Bool {
            guard (try? state.atEnd()) == true else { return false }
            while !ended { _ = try? next(1 << 20) }
            return pending.count == 64 && String(decoding: pending, as: UTF8.self) == digest.hex()
        }
    }
}
