import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which table a new entry goes into: the one of the run on the calling thread, else the shared one.
///
/// > Note: a run's work that makes entries runs on its own threads (the import, and the thread it hands rows
/// > to), so the run's table is the thread's: set by ``EntryTexts/using(_:)`` for the duration of a call and
/// > read with one `pthread_getspecific` per entry. Another run on another thread, and a test running beside it,
/// > cannot put its texts into this run's table.
extension EntryTexts {
    /// The thread's table, held unretained: ``using(_:)`` keeps it alive while it is set.
    private static let threadKey: pthread_key_t = {
        var key = pthread_key_t()
        precondition(pthread_key_create(&key, nil) == 0, "a thread-specific key for the run's entry texts")
        return key
    }()

    /// The table entries made outside any run share while one of them is alive (held weakly: it goes with them).
    private static let shared = Mutex(WeakTable())

    /// Runs `body` with this table as the one every entry made on this thread goes into, then restores the
    /// thread's previous table. Entries made in `body` keep the table alive after it returns.
    public func using<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        let previous = pthread_getspecific(Self.threadKey)
        pthread_setspecific(Self.threadKey, Unmanaged.passUnretained(self).toOpaque())
        defer { pthread_setspecific(Self.threadKey, previous) }
        return try withExtendedLifetime(self) { () throws(Failure) -> Result in try body() }
    }

    /// The table of the calling thread's run, or nil outside a run.
    public static var current: EntryTexts? {
        pthread_getspecific(threadKey).map { Unmanaged<EntryTexts>.fromOpaque($0).takeUnretainedValue() }
    }

    /// The table a new entry goes into: the thread's run's (``current``), else the shared one (made when none
    /// is alive).
    public static func forNewEntry() -> EntryTexts {
        if let current { return current }
        return shared.withLock { shared in
            if let table = shared.table { return table }
            let table = EntryTexts()
            shared.table = table
            return table
        }
    }
}
