import Foundation
import LedgerPressCore

#if canImport(Glibc)
    import Glibc
#endif

/// Puts the staged site on the disk while it is still being written, so that the flush before the swap
/// finds little left to write; and catches every write-back error since staging began.
///
/// > Note: with a large page cache a site of a few hundred MB is still only in memory when the render
/// > ends, and the flush before the swap waited for all of it (0.9 s of a 12.5 s month build at 1M entries).
/// > Here a `syncfs` runs in the background each time ``step`` more bytes have been staged (never two at
/// > once), on a descriptor opened on the staging folder before its first file. Linux reports to that
/// > descriptor every write-back error on the file system since it was opened, including errors of the
/// > write-back the kernel starts on its own while the site is written, which a descriptor opened only for
/// > the last flush would not see.
package final class EarlyWriteback: @unchecked Sendable {
    package let folder: String
    package let step: Int
    private let descriptor: Int32

    private struct State {
        /// Bytes staged since the last background flush started.
        var pending = 0
        var running = false
        var failure: SystemError?
        var flushes = 0
    }
    /// Which ``finish(flushing:)`` waits on until no background flush runs.
    private let state = Monitor(State())

    package init(folder: String, step: Int = 64 << 20) throws(SystemError) {
        let descriptor = Glibc.open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw SystemError("open the staging folder", folder) }
        self.folder = folder
        self.step = step
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Background flushes that have finished (for tests).
    package var flushes: Int { state.withLock { $0.flushes } }

    /// Counts bytes just staged (called from the writer lanes); each ``step`` bytes, starts a background
    /// flush unless one is still running.
    package func wrote(_ bytes: Int) {
        let start = state.withLock { state -> Bool in
            state.pending += bytes
            guard state.pending >= step, !state.running, state.failure == nil else { return false }
            state.running = true
            state.pending = 0
            return true
        }
        guard start else { return }
        let thread = Thread { [self] in
            var failure: SystemError?
            do throws(SystemError) {
                try SiteSwap.flush(descriptor: descriptor, path: folder)
            } catch {
                failure = error
            }
            state.withLock { state in
                state.running = false
                state.flushes += 1
                if state.failure == nil { state.failure = failure }
            }
        }
        thread.name = "lp-writeback"
        thread.start()
    }

    /// Waits for the background flush; then, when `flushing`, flushes what is left and throws the first
    /// write-back error since staging began.
    package func finish(flushing: Bool) throws(SystemError) {
        state.wait(until: { !$0.running }) { _ in }
        guard flushing else { return }
        if let failure = state.withLock({ $0.failure }) { throw failure }
        try SiteSwap.flush(descriptor: descriptor, path: folder)
    }
}
