import CAffinity
import Foundation

/// How many CPUs this process may use: the CPUs of its affinity mask (`taskset`, a container's cpuset), fewer when
/// a cgroup v2 CPU quota (`cpu.max`, rounded up) allows less; the online CPUs when neither can be read. What the
/// render workers default to.
///
/// > Note: Foundation's `activeProcessorCount` counts the online CPUs whatever the mask, so a run pinned to 2 of
/// > 16 CPUs started 16 render workers (and 4 writer lanes) on those 2.
public enum SystemCPUs {
    public static let available: Int = {
        let online = ProcessInfo.processInfo.activeProcessorCount
        var count = affinity() ?? online
        if let quota = cgroupQuota() { count = min(count, quota) }
        return max(1, count)
    }()

    /// The CPUs in the calling thread's affinity mask (a process's threads start with its mask); nil when it
    /// cannot be read.
    static func affinity() -> Int? {
        let count = Int(ledgerpress_affinity_cpus())
        return count > 0 ? count : nil
    }

    /// The CPUs the cgroup v2 quota of this process's cgroup allows, rounded up; nil without one.
    static func cgroupQuota() -> Int? {
        guard let membership = try? String(contentsOfFile: "/proc/self/cgroup", encoding: .utf8),
            let line = membership.split(separator: "\n").first(where: { $0.hasPrefix("0::") })
        else { return nil }
        let path = "/sys/fs/cgroup" + line.dropFirst(3) + "/cpu.max"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        return quota(cpuMax: text)
    }

    /// A `cpu.max` file's quota in CPUs, rounded up: `"150000 100000"` is 2; `"max 100000"` (no quota) is nil.
    static func quota(cpuMax text: String) -> Int? {
        let parts = text.split(whereSeparator: \.isWhitespace)
        guard parts.count == 2, let quota = Int(parts[0]), let period = Int(parts[1]), quota > 0, period > 0 else {
            return nil
        }
        return (quota + period - 1) / period
    }
}
