import Dispatch
import Synchronization

/// A pass over a long list done in contiguous slices at once, the slices' results joined in order: the shape of
/// every step that reads a whole ledger, manifest or page list on all cores and must give what one pass in order
/// gives.
public enum ParallelSlices {
    /// `0..<count` cut into `slices` contiguous ranges of near-equal length, in order (at least one range).
    public static func ranges(count: Int, slices: Int) -> [Range<Int>] {
        let slices = max(1, slices)
        return (0..<slices).map { count * $0 / slices..<count * ($0 + 1) / slices }
    }

    /// `body` of each range, on up to as many threads at once; the results in the ranges' order.
    public static func map<Part: Sendable>(_ ranges: [Range<Int>], _ body: @Sendable (Range<Int>) -> Part) -> [Part] {
        let parts = Mutex([Part?](repeating: nil, count: ranges.count))
        DispatchQueue.concurrentPerform(iterations: ranges.count) { index in
            let part = body(ranges[index])
            parts.withLock { $0[index] = part }
        }
        return parts.withLock { parts in
            parts.map { part in
                guard let part else { preconditionFailure("a slice ended without its part") }
                return part
            }
        }
    }
}
