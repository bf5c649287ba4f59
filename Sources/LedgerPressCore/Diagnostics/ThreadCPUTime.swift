#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The calling thread's CPU clock: what the run report's CPU seconds of one kind of work add up (the HTML rendering,
/// the writer lanes, the import's threads), so that time a thread spent waiting for a core is not counted.
public enum ThreadCPUTime {
    /// The calling thread's CPU time since it started, in nanoseconds.
    public static func nanoseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }
}
