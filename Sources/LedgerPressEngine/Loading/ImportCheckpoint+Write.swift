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
        private let done = NSCondition()
        private var finished = false
        private var failure: (any Error)?
        /// The payees' entries digests, once the plan has them; cancelled: the build ended without them.
        private var digests: EntryDigests?
        private var cancelled = false

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
                done.lock()
                self.failure = failure
                finished = true
                done.broadcast()
                done.unlock()
            }
            thread.name = "lp-checkpoint"
            thread.start()
        }

        /// Gives the payees' entries digests the plan computed (the checkpoint's last part).
        func provide(_ digests: EntryDigests) {
            done.lock()
            self.digests = digests
            done.broadcast()
            done.unlock()
        }

        private func waitForDigests() -> EntryDigests? {
            done.lock()
            defer { done.unlock() }
            while digests == nil && !cancelled { done.wait() }
            return digests
        }

        /// Waits for the writing to end; its failure, if any.
        private func wait() -> (any Error)? {
            done.lock()
            defer { done.unlock() }
            // A build that publishes has planned; one that did not never will.
            cancelled = true
            done.broadcast()
            while !finished { done.wait() }
            return failure
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
