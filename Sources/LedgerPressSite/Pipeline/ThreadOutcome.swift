import Foundation
import LedgerPressCore

/// What a piece of work computes on a thread of its own while its caller goes on: ``value()`` waits for it.
/// Whoever starts one waits for it (``wait()``) before anything the work uses goes away.
public final class ThreadOutcome<Success: Sendable, Failure: Error>: Sendable {
    private let outcome = Monitor<Result<Success, Failure>?>(nil)

    /// Starts `work` on a new thread named `name`.
    public init(name: String, _ work: @escaping @Sendable () throws(Failure) -> Success) {
        let thread = Thread { [self] in
            let result = Result(catching: work)
            outcome.withLock { $0 = result }
        }
        thread.name = name
        thread.start()
    }

    /// Waits until the work is over (any number of times, from any thread).
    public func wait() {
        outcome.wait(until: { $0 != nil }) { _ in }
    }

    /// What the work returned or threw, once it is over.
    public func value() throws(Failure) -> Success {
        guard let result = outcome.wait(until: { $0 != nil }, then: { $0 }) else {
            preconditionFailure("a thread's work ended without an outcome")
        }
        return try result.get()
    }
}
