import Foundation
import LedgerPressCore

/// Does `work` on the inputs it is given on several threads at once, and hands the outputs to `take` on one more
/// thread in the order the inputs were given: parsing the pieces of an export on every core while its entries join
/// the ledger one after the other, in row order.
///
/// > Note: at most `limit` inputs are given and not yet taken: a giver ahead of the workers or of the taker waits,
/// > so memory stays bounded whatever the input's size. `work` must make no entry; `take` makes entries in the table
/// > it is given (its closure holds the run's ``EntryTexts``: no thread has a table of its own).
final class OrderedPipeline<Input: Sendable, Output: Sendable>: @unchecked Sendable {
    /// What the threads share, which they also wait on (a ``Monitor``).
    private struct State {
        /// Inputs given and not yet started, with their place in the order.
        var waiting: [(place: Int, input: Input)] = []
        /// Outputs done and not yet taken, by place.
        var done: [Int: Output] = [:]
        var given = 0
        var taken = 0
        var closed = false
        /// Threads (workers and the taker) still running.
        var running = 0
        var workCPU = Duration.zero
        var takeCPU = Duration.zero
    }
    private let state = Monitor(State())
    private let limit: Int
    /// The CPU time of the worker threads, summed, and of the taker, once each has ended (see ``finish()``).
    var workCPU: Duration { state.withLock { $0.workCPU } }
    var takeCPU: Duration { state.withLock { $0.takeCPU } }

    /// Starts `workers` threads that each run a `work` made by `makeWork` (so each has state of its own), and the
    /// thread that runs `take`.
    init(
        workers: Int, limit: Int, name: String, makeWork: @escaping @Sendable () -> (Input) -> Output,
        take: @escaping @Sendable (Output) -> Void
    ) {
        self.limit = max(1, limit)
        state.withLock { $0.running = max(1, workers) + 1 }
        for index in 0..<max(1, workers) {
            let thread = Thread { [self] in
                let work = makeWork()
                runWorker(work)
            }
            thread.name = "\(name)-\(index)"
            thread.start()
        }
        let taker = Thread { [self] in
            runTaker(take)
        }
        taker.name = name
        taker.start()
    }

    /// Gives an input (from the giving thread), waiting while `limit` inputs are given and not yet taken.
    func give(_ input: Input) {
        state.wait(until: { $0.given - $0.taken < limit }) { state in
            state.waiting.append((state.given, input))
            state.given += 1
        }
    }

    /// Waits until every output has been taken and every thread has ended (then ``workCPU`` and ``takeCPU`` are
    /// final).
    func finish() {
        state.withLock { $0.closed = true }
        state.wait(until: { $0.running == 0 }) { _ in }
    }

    private func runWorker(_ work: (Input) -> Output) {
        while let next = state.wait(
            until: { !$0.waiting.isEmpty || $0.closed },
            then: { state -> (place: Int, input: Input)? in state.waiting.isEmpty ? nil : state.waiting.removeFirst() })
        {
            let output = work(next.input)
            state.withLock { $0.done[next.place] = output }
        }
        let cpu = Duration.nanoseconds(ThreadCPUTime.nanoseconds())
        state.withLock { state in
            state.workCPU += cpu
            state.running -= 1
        }
    }

    private func runTaker(_ take: (Output) -> Void) {
        while let output = state.wait(
            until: { $0.done[$0.taken] != nil || ($0.closed && $0.taken == $0.given) },
            then: { $0.done.removeValue(forKey: $0.taken) })
        {
            take(output)
            state.withLock { $0.taken += 1 }
        }
        let cpu = Duration.nanoseconds(ThreadCPUTime.nanoseconds())
        state.withLock { state in
            state.takeCPU += cpu
            state.running -= 1
        }
    }
}
