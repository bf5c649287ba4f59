#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A state that threads share and wait on: the one primitive in ledgerpress that blocks a thread until something
/// holds (a queue has room, a result is in, a worker is idle).
///
/// > Note: the house has one lock style (ARCHITECTURE.md, "Concurrency"): `Synchronization.Mutex` for state that no
/// > thread waits on, and a `Monitor` for state that one does. `Mutex` has no wait, so this file alone holds a
/// > pthread mutex and condition variable; an architecture test (`LockStyleTests`) fails on any other lock,
/// > condition, semaphore, group, serial queue or atomic in Sources/.
///
/// > Note: every call that runs a body under the lock wakes every waiter afterwards, which looks again at the state:
/// > a waiter never misses a change, at the cost of a look when nothing it waits for changed (the places that wait
/// > hand over work in batches, not per entry).
public final class Monitor<State>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>
    /// Touched only with `mutex` held.
    private var state: State

    /// A monitor of `state`.
    public init(_ state: State) {
        self.state = state
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deinitialize(count: 1)
        condition.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the state under the lock, then wakes every waiter.
    @discardableResult
    public func withLock<Result, Failure: Error>(_ body: (inout State) throws(Failure) -> Result) throws(Failure)
        -> Result
    {
        pthread_mutex_lock(mutex)
        defer {
            pthread_cond_broadcast(condition)
            pthread_mutex_unlock(mutex)
        }
        return try body(&state)
    }

    /// Waits until `ready` holds for the state, then runs `body` with it under the lock (the lock is held from the
    /// look that saw `ready` hold to the end of `body`), then wakes every waiter.
    @discardableResult
    public func wait<Result, Failure: Error>(
        until ready: (inout State) -> Bool, then body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer {
            pthread_cond_broadcast(condition)
            pthread_mutex_unlock(mutex)
        }
        while !ready(&state) { pthread_cond_wait(condition, mutex) }
        return try body(&state)
    }
}
