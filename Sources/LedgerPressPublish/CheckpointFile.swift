import Foundation
import LedgerPressCore
import LedgerPressCrypto

#if canImport(Glibc)
    import Glibc
#endif

/// A build's checkpoint beside its output (the import's: `.<output>.ledger`): a file of the user's own (0600) that
/// ends with the SHA-256 (lower-case hex) of every byte before it. What it holds is the caller's (``write(to:_:)``).
package enum CheckpointFile {
    /// Writes the checkpoint at `path` (a new file, replaced if it is there): `body` gives its bytes through the
    /// writer; the closing digest follows them.
    package static func write(to path: String, _ body: (inout StateWriter) throws -> Void) throws {
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard file >= 0 else { throw SystemError("create", path) }
        defer { close(file) }
        var digest = SHA256()
        var writer = StateWriter { bytes in
            digest.update(data: bytes)
            try SystemFile.write(file, bytes, path: path)
        }
        try body(&writer)
        try writer.flush()
        try SystemFile.write(file, Array(Hex.lowercase(digest.finalize()).utf8), path: path)
    }

    /// Removes the checkpoint at `path` (the build's inputs are ones no checkpoint is kept for).
    package static func remove(_ path: String) { SystemFile.remove(path) }

    /// A build's new checkpoint, written beside the output on a thread of its own while the build goes on, as
    /// `<path>.new`; it takes the place of the last one only once the build has published (``commit()``), and goes
    /// if the build fails (``discard()``). Its last part waits for `Digests` (``provide(_:)``), which the build
    /// gives once it has them.
    package final class Writing<Digests: Sendable>: @unchecked Sendable {
        package let path: String
        /// What the writing thread and the build share, which each waits on (a ``Monitor``).
        private struct State {
            var finished = false
            var failure: (any Error)?
            /// The digests, once the build has them; cancelled: the build ended without them.
            var digests: Digests?
            var cancelled = false
        }
        private let state = Monitor(State())

        /// Starts writing the checkpoint for `path` with `write` (given the path to write and what waits for the
        /// digests: nil when the build ended without them).
        package init(path: String, write: @escaping @Sendable (String, () -> Digests?) throws -> Void) {
            self.path = path
            let thread = Thread { [self] in
                var failure: (any Error)?
                do {
                    try write(path + ".new") { waitForDigests() }
                } catch {
                    failure = error
                }
                state.withLock { state in
                    state.failure = failure
                    state.finished = true
                }
            }
            thread.name = "lp-checkpoint"
            thread.start()
        }

        /// Gives the digests the build computed (the checkpoint's last part).
        package func provide(_ digests: Digests) {
            state.withLock { $0.digests = digests }
        }

        private func waitForDigests() -> Digests? {
            state.wait(until: { $0.digests != nil || $0.cancelled }, then: { $0.digests })
        }

        /// Waits for the writing to end; its failure, if any.
        private func wait() -> (any Error)? {
            // A build that publishes has planned; one that did not never will.
            state.withLock { $0.cancelled = true }
            return state.wait(until: { $0.finished }, then: { $0.failure })
        }

        /// Puts the new checkpoint in the last one's place once it is written; a checkpoint that could not be
        /// written (a full disk) leaves none, and is not the build's failure: the next build reads every input.
        package func commit() {
            if wait() == nil, rename(path + ".new", path) == 0 { return }
            unlink(path + ".new")
            unlink(path)
        }

        /// Removes the new checkpoint (the build did not publish), leaving the last one.
        package func discard() {
            _ = wait()
            unlink(path + ".new")
        }
    }
}
