import Foundation
import LedgerPressCore
import LedgerPressRender
import Synchronization

/// Every payee's statements computed and checked (Core), for the pipeline's render stage and for `check`.
public enum StatementBooks {}

/// Results of parallel work, one slot per index, filled from any thread.
final class ResultSlots<T: Sendable>: Sendable {
    /// A bug: parallel work ended without a result for one of its slots.
    struct Unfilled: Error, CustomStringConvertible {
        var index: Int
        var description: String { "parallel work ended without a result for slot \(index)" }
    }

    private struct Slots {
        var results: [Result<T, any Error>?]
    }

    private let slots: Mutex<Slots>

    init(count: Int) { slots = Mutex(Slots(results: Array(repeating: nil, count: count))) }

    func set(_ index: Int, _ work: () throws -> T) {
        let result = Result { try work() }
        slots.withLock { $0.results[index] = result }
    }

    /// All values in index order, or the first error by index (`Unfilled` for a slot never set).
    func values() throws -> [T] {
        try slots.withLock { $0.results }.enumerated().map { index, slot in
            guard let slot else { throw Unfilled(index: index) }
            return try slot.get()
        }
    }
}
