import Foundation
import Synchronization
import Testing

@testable import LedgerPressCore
@testable import LedgerPressImport

/// The import's pipeline: work done on several threads at once, every output taken once, in the order given, on
/// one thread that is not the giver's, while a giver ahead of the others is held back.
@Suite struct OrderedPipelineTests {
    /// What the taking thread saw.
    final class Taken: @unchecked Sendable {
        var outputs: [Int] = []
        var threads = Set<UInt>()
    }

    @Test(arguments: [(1, 0), (1, 1), (2, 300), (4, 1_000), (8, 257)])
    func everyOutputIsTakenOnceInTheOrderGiven(workers: Int, count: Int) {
        let taken = Taken()
        let made = Mutex(0)
        let inFlight = Mutex((now: 0, most: 0))
        let limit = workers + 2
        let pipeline = OrderedPipeline<Int, Int>(
            workers: workers, limit: limit, name: "test",
            makeWork: {
                made.withLock { $0 += 1 }
                return { input in
                    // Uneven work, so that outputs are done out of order.
                    if input % 7 == 0 { usleep(UInt32(200 + input % 5 * 100)) }
                    return input * 3
                }
            },
            take: { output in
                taken.outputs.append(output)
                taken.threads.insert(UInt(pthread_self()))
                inFlight.withLock { $0.now -= 1 }
            })
        for input in 0..<count {
            inFlight.withLock {
                $0.now += 1
                $0.most = max($0.most, $0.now)
            }
            pipeline.give(input)
        }
        pipeline.finish()
        #expect(taken.outputs == (0..<count).map { $0 * 3 })
        #expect(made.withLock { $0 } == workers, "each worker makes its own work")
        // Counted before `give` returns, so one more than the pipeline holds at once.
        #expect(inFlight.withLock { $0.most } <= limit + 1)
        #expect(taken.threads.count == (count == 0 ? 0 : 1))
        #expect(!taken.threads.contains(UInt(pthread_self())))
    }
}
