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
    /// The lock of the state below, which the threads also wait on (`Mutex`, the lock everywhere else, has no wait).
    private let condition = NSCondition()
    /// Inputs given and not yet started, with their place in the order.
    private var waiting: [(place: Int, input: Input)] = []
    /// Outputs done and not yet taken, by place.
    private var done: [Int: Output] = [:]
    private var given = 0
    private var taken = 0
    private var closed = false
    /// Threads (workers and the taker) still running.
    private var running = 0
    private let limit: Int
    /// The CPU time of the worker threads, summed, and of the taker, once each has ended (see ``finish()``).
    private(set) var workCPU = Duration.zero
    private(set) var takeCPU = Duration.zero

    /// Starts `workers` threads that each run a `work` made by `makeWork` (so each has state of its own), and the
    /// thread that runs `take`.
    init(
        workers: Int, limit: Int, name: String, makeWork: @escaping @Sendable () -> (Input) -> Output,
        take: @escaping @Sendable (Output) -> Void
    ) {
        self.limit = max(1, limit)
        running = max(1, workers) + 1
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
        condition.lock()
        while given - taken >= limit { condition.wait() }
        waiting.append((given, input))
        given += 1
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until every output has been taken and every thread has ended (then ``workCPU`` and ``takeCPU`` are
    /// final).
    func finish() {
        condition.lock()
        closed = true
        condition.broadcast()
        while running > 0 { condition.wait() }
        condition.unlock()
    }

    private func runWorker(_ work: (Input) -> Output) {
        condition.lock()
        while true {
            while waiting.isEmpty && !closed { condition.wait() }
            guard !waiting.isEmpty else { break }
            let next = waiting.removeFirst()
            condition.unlock()
            let output = work(next.input)
            condition.lock()
            done[next.place] = output
            condition.broadcast()
        }
        workCPU += .nanoseconds(ThreadCPUTime.nanoseconds())
        running -= 1
        condition.broadcast()
        condition.unlock()
    }

    private func runTaker(_ take: (Output) -> Void) {
        condition.lock()
        while true {
            while done[taken] == nil && !(closed && taken == given) { condition.wait() }
            guard let output = done.removeValue(forKey: taken) else { break }
            condition.unlock()
            take(output)
            condition.lock()
            taken += 1
            condition.broadcast()
        }
        takeCPU += .nanoseconds(ThreadCPUTime.nanoseconds())
        running -= 1
        condition.broadcast()
        condition.unlock()
    }
}
