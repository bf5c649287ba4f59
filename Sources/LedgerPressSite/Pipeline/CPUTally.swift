import Foundation
import LedgerPressCore
import Synchronization

/// The CPU time of one kind of work, summed over the threads that do it: the statements' HTML rendering (cmark
/// with the tables it is given), reported by `--report` as `cpu_seconds.html` so that `make bench` compares it
/// with libcmark alone on the same Markdown. Each measurement is the calling thread's CPU clock before and after,
/// so time the thread spent waiting for a core is not counted.
public final class CPUTally: Sendable {
    private let nanoseconds = Mutex<Int64>(0)

    public init() {}

    /// The calling thread's CPU time so far, to pass to ``add(since:)``.
    func start() -> Int64 { ThreadCPUTime.nanoseconds() }

    /// Adds the calling thread's CPU time since `start`.
    func add(since start: Int64) {
        let spent = ThreadCPUTime.nanoseconds() - start
        nanoseconds.withLock { $0 += spent }
    }

    /// The total.
    public var total: Duration { .nanoseconds(nanoseconds.withLock { $0 }) }
}
