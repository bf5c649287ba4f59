import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The CPU time of one kind of work, summed over the threads that do it: the statements' HTML rendering (cmark
/// with the tables it is given), reported by `--report` as `cpu_seconds.html` so that `make bench` compares it
/// with libcmark alone on the same Markdown. Each measurement is the calling thread's CPU clock before and after,
/// so time the thread spent waiting for a core is not counted.
public final class CPUTally: Sendable {
    private let nanoseconds = Mutex<Int64>(0)

    public init() {}

    /// The calling thread's CPU time so far, to pass to ``add(since:)``.
    func start() -> Int64 { Self.threadNanoseconds() }

    /// Adds the calling thread's CPU time since `start`.
    func add(since start: Int64) {
        let spent = Self.threadNanoseconds() - start
        nanoseconds.withLock { $0 += spent }
    }

    /// The total.
    public var total: Duration { .nanoseconds(nanoseconds.withLock { $0 }) }

    /// The calling thread's CPU time since it started.
    static func threadNanoseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }
}
