import Foundation
import LedgerPressCore

#if canImport(Glibc)
    import Glibc
#endif

extension ImportCheckpoint {
    /// A build's new checkpoint, written beside the output on a thread of its own while the build goes on (the
    /// ledger's records are only read once the import is over), as `.<output>.ledger.new`; it takes the place of the
    /// last one only once the build has published (``commit()``), and goes if the build fails (``discard()``).
    final class Writing: @unchecked Sendable {
        let path: String
        /// What the writing thread and the build share, which each waits on (a ``Monitor``).
        private struct State {
            var finished = false
            var failure: (any Error)?
            /// The payees' entries digests, once the plan has them; cancelled: the build ended without them.
            var digests: EntryDigests?
            var cancelled = false
        }
        private let state = Monitor(State())

        /// Starts writing the checkpoint of `ledger` for `path`; it is finished once ``provide(_:)`` gives the payees'
        /// entries digests.
        init(_ meta: Meta, ledger: Ledger, path: String) {
            self.path = path
            let thread = Thread { [self] in
                var failure: (any Error)?
                do {
                    try ImportCheckpoint.write(meta, ledger: ledger, to: path + ".new") { waitForDigests() }
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

        /// Gives the payees' entries digests the plan computed (the checkpoint's last part).
        func provide(_ digests: EntryDigests) {
            state.withLock { $0.digests = digests }
        }

        private func waitForDigests() -> EntryDigests? {
            state.wait(until: { $0.digests != nil || $0.cancelled }, then: { $0.digests })
        }

        /// Waits for the writing to end; its failure, if any.
        private func wait() -> (any Error)? {
            // A build that publishes has planned; one that did not never will.
            state.withLock { $0.cancelled = true }
            return state.wait(until: { $0.finished }, then: { $0.failure })
        }

        /// Puts the new checkpoint in the last one's place once it is written; a checkpoint that could not be written
        /// (a full disk) leaves none, and is not the build's failure: the next build reads every input.
        func commit() {
            if wait() == nil, rename(path + ".new", path) == 0 { return }
            unlink(path + ".new")
            unlink(path)
        }

        /// Removes the new checkpoint (the build did not publish), leaving the last one.
        func discard() {
            _ = wait()
            unlink(path + ".new")
        }
    }
}
