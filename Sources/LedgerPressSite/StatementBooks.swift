import Foundation
import LedgerPressCore
import LedgerPressRender

/// Every payee's statements computed and checked (Core), for the pipeline's render stage and for `check`.
public enum StatementBooks {}

/// Results of parallel work, one slot per index, filled from any thread.
final class ResultSlots<T>: @unchecked Sendable {
    /// A bug: parallel work ended without a result for one of its slots.
    struct Unfilled: Error, CustomStringConvertible {
        var index: Int
        var description: String { "parallel work ended without a result for slot \(index)" }
    }

    private var slots: [Result<T, Error>?]
    private var filled = 0
    private let lock = NSLock()

    /// How many slots are filled.
    func finished() -> Int {
        lock.lock()
        defer { lock.unlock() }
        return filled
    }

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ work: () throws -> T) {
        let result = Result { try work() }
        lock.lock()
        slots[index] = result
        filled += 1
        lock.unlock()
    }

    /// All values in index order, or the first error by index (`Unfilled` for a slot never set).
    func values() throws -> [T] {
        try slots.enumerated().map { index, slot in
            guard let slot else { throw Unfilled(index: index) }
            return try slot.get()
        }
    }
}
