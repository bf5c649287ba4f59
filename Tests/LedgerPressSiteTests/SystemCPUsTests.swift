import CAffinity
import Foundation
import Testing

@testable import LedgerPressSite

/// The render workers' default: the CPUs a process may use (its affinity mask, a cgroup v2 quota), not the CPUs
/// online, so that a run pinned with `taskset` or in a container's cpuset starts as many workers as it has CPUs.
@Suite struct SystemCPUsTests {
    @Test func aQuotaIsRoundedUpAndNoneIsNil() {
        #expect(SystemCPUs.quota(cpuMax: "150000 100000\n") == 2)
        #expect(SystemCPUs.quota(cpuMax: "200000 100000") == 2)
        #expect(SystemCPUs.quota(cpuMax: "50000 100000") == 1)
        #expect(SystemCPUs.quota(cpuMax: "1600000 100000\n") == 16)
        #expect(SystemCPUs.quota(cpuMax: "max 100000\n") == nil)
        #expect(SystemCPUs.quota(cpuMax: "") == nil)
        #expect(SystemCPUs.quota(cpuMax: "0 100000") == nil)
        #expect(SystemCPUs.quota(cpuMax: "100000") == nil)
    }

    /// A thread pinned to one CPU (`sched_setaffinity` is per thread; a new thread's mask is its own) counts one.
    @Test func aThreadPinnedToOneCPUCountsOne() async {
        let online = ProcessInfo.processInfo.activeProcessorCount
        #expect((SystemCPUs.affinity() ?? 0) >= 1)
        #expect((SystemCPUs.affinity() ?? 0) <= online)
        let pinned: Int? = await withCheckedContinuation { continuation in
            let thread = Thread {
                guard ledgerpress_pin_thread_to_one_cpu() == 0 else {
                    continuation.resume(returning: nil)
                    return
                }
                continuation.resume(returning: SystemCPUs.affinity())
            }
            thread.start()
        }
        #expect(pinned == 1)
        #expect(SystemCPUs.available >= 1)
        #expect(SystemCPUs.available <= online)
    }
}
