import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The one moment a run changes what the output folder shows: the swap of the staged site in.
///
/// A run that a signal ends (the executable's `Interruption`) closes the gate before it writes its report and
/// exits: closing waits for a swap in progress to finish, and no swap starts after it. So the process never
/// ends between the two renames of a swap, and the closer knows which site the output holds.
///
/// > Note: process-wide on purpose (signals are per process); nothing but `close()` ever closes it, and the
/// > process ends right after that, so a library caller that never closes it sees no difference.
public enum PublishGate {
    private struct State {
        package var closed = false
        package var swaps = 0
    }

    private static let state = Mutex(State())

    /// Runs `swap` (which changes the output folder) unless the gate is closed. A thread that finds it closed
    /// never returns: the closer is ending the process.
    package static func pass(_ swap: () throws -> Bool) throws -> Bool {
        let outcome: Bool? = try state.withLock { state in
            if state.closed { return nil }
            let exchanged = try swap()
            state.swaps += 1
            return exchanged
        }
        guard let outcome else {
            while true { sleep(60) }
        }
        return outcome
    }

    /// Closes the gate, after a swap in progress (if any) has finished; true when a swap completed in this
    /// process (the output then holds the new site).
    public static func close() -> Bool {
        state.withLock { state in
            state.closed = true
            return state.swaps > 0
        }
    }
}
