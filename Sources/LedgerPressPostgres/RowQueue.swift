import Foundation
import LedgerPressEngine

/// The bounded hand-over between a read's task (which renders rows as native CSV pieces) and the reader the build
/// pulls from: at most `capacity` pieces wait, so the rows in memory are a few pieces' worth whatever the table holds.
final class RowQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var pieces: [[UInt8]] = []
    private var ready = false
    private var finished = false
    private var failure: SourceFailure?
    private var abandoned = false
    let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    /// The reader is gone: the task stops at its next piece.
    struct Abandoned: Error {}

    // MARK: the read's task

    /// The columns passed their check: ``waitUntilReady()`` returns.
    func announceReady() {
        condition.lock()
        ready = true
        condition.broadcast()
        condition.unlock()
    }

    /// Hands a piece over, waiting while `capacity` pieces are waiting; throws once the reader is gone.
    func push(_ piece: [UInt8]) throws(Abandoned) {
        condition.lock()
        defer { condition.unlock() }
        while pieces.count >= capacity && !abandoned { condition.wait() }
        if abandoned { throw Abandoned() }
        pieces.append(piece)
        condition.broadcast()
    }

    /// The end of the rows, or why they stopped.
    func finish(_ failure: SourceFailure?) {
        condition.lock()
        finished = true
        if self.failure == nil { self.failure = failure }
        condition.broadcast()
        condition.unlock()
    }

    // MARK: the reader

    /// Waits until the columns are checked (or the read failed before that).
    func waitUntilReady() throws(SourceFailure) {
        condition.lock()
        defer { condition.unlock() }
        while !ready && !finished { condition.wait() }
        if let failure { throw failure }
    }

    /// The next piece; nil at the end; the read's failure once the pieces before it are taken.
    func pop() throws(SourceFailure) -> [UInt8]? {
        condition.lock()
        defer { condition.unlock() }
        while pieces.isEmpty && !finished { condition.wait() }
        if !pieces.isEmpty {
            condition.broadcast()
            return pieces.removeFirst()
        }
        if let failure { throw failure }
        return nil
    }

    /// The reader stops early: a waiting ``push(_:)`` throws.
    func abandon() {
        condition.lock()
        abandoned = true
        pieces = []
        condition.broadcast()
        condition.unlock()
    }
}
