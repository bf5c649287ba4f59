import Synchronization

/// Where a command's run stands for a signal that may end it (the executable's `Interruption`): not begun, a
/// `build` or `merge` running (with what it has told so far, `Run`), interrupted, or ended on its own. One lock,
/// so that exactly one of the signal and the run's own end writes the run's report.
public final class RunInterruptionState<Run: Sendable>: Sendable {
    private enum State {
        case idle
        case running(Run)
        case interrupted
        case ended
    }

    private let state = Mutex<State>(.idle)

    public init() {}

    /// A run begins: from now on a signal takes it over.
    public func begin(_ run: Run) {
        state.withLock { $0 = .running(run) }
    }

    /// Changes what the running run has told (nothing once it has ended or been interrupted).
    public func update(_ change: (inout Run) -> Void) {
        state.withLock { state in
            if case .running(var run) = state {
                change(&run)
                state = .running(run)
            }
        }
    }

    /// The run ends on its own; true when a signal has already taken over (the caller must then not report).
    public func end() -> Bool {
        state.withLock { state in
            if case .interrupted = state { return true }
            state = .ended
            return false
        }
    }

    /// A signal takes over: `taken` is false when the run had already ended or been interrupted (nothing to do),
    /// `run` what a running run had told (nil before one began).
    public func interrupt() -> (run: Run?, taken: Bool) {
        state.withLock { state in
            switch state {
            case .ended, .interrupted: return (nil, false)
            case .idle:
                state = .interrupted
                return (nil, true)
            case .running(let run):
                state = .interrupted
                return (run, true)
            }
        }
    }
}
