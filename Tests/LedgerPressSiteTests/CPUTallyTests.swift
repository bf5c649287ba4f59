import Foundation
import Testing

@testable import LedgerPressSite

#if canImport(Glibc)
    import Glibc
#endif

/// The tally adds up each thread's own CPU time: busy work counts, from every thread; waiting does not.
@Suite struct CPUTallyTests {
    static func threadCPU() -> Duration {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return .seconds(now.tv_sec) + .nanoseconds(now.tv_nsec)
    }

    /// Keeps the calling thread busy until it has had `milliseconds` of CPU (however busy the machine is).
    static func spin(_ milliseconds: Int) -> UInt64 {
        let until = threadCPU() + .milliseconds(milliseconds)
        var x: UInt64 = 1
        while threadCPU() < until { x = x &* 6_364_136_223_846_793_005 &+ 1 }
        return x
    }

    @Test func busyWorkOnTwoThreadsIsAddedUp() {
        let tally = CPUTally()
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            let start = tally.start()
            _ = Self.spin(20)
            tally.add(since: start)
        }
        #expect(tally.total >= .milliseconds(40))
        #expect(tally.total < .milliseconds(60))
    }

    @Test func timeSpentWaitingIsNotCounted() {
        let tally = CPUTally()
        let start = tally.start()
        Thread.sleep(forTimeInterval: 0.05)
        tally.add(since: start)
        #expect(tally.total < .milliseconds(10))
    }
}
