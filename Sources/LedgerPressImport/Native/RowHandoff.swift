import Foundation
import LedgerPressCore

/// Hands the rows one thread reads to a second thread that takes them in, in order, in batches: reading a
/// native export and adding its entries to the ledger then run on two cores at once.
///
/// > Note: the rows wait in at most ``depth`` batches of ``batchSize``; a reader ahead of the taker waits
/// > for it, so memory stays bounded whatever the input's size. Each row carries its bytes as a slice of
/// > the piece it was read from (the piece stays alive while a row of it waits).
final class RowHandoff: @unchecked Sendable {
    typealias Row = (made: NativeLedgerImporter.Made, line: Int, bytes: ArraySlice<UInt8>)

    static let batchSize = 4_096
    static let depth = 8

    /// The queue's lock, which its threads also wait on (`Mutex`, the lock everywhere else, has no wait).
    private let condition = NSCondition()
    private var batches: [[Row]] = []
    private var closed = false
    private var taken = false
    /// The batch being filled (reading thread only).
    private var current: [Row] = []
    private let take: @Sendable (Row) -> Void

    /// Starts the thread that runs `take` on every row sent, in the calling thread's run (the entries it makes
    /// go into that run's ``EntryTexts``).
    init(take: @escaping @Sendable (Row) -> Void) {
        self.take = take
        current.reserveCapacity(Self.batchSize)
        let texts = EntryTexts.current
        let thread = Thread { [self] in
            if let texts { texts.using { run() } } else { run() }
        }
        thread.name = "ledgerpress-ledger"
        thread.start()
    }

    /// Queues a row (from the reading thread).
    func send(_ row: Row) {
        current.append(row)
        if current.count == Self.batchSize { hand() }
    }

    /// Queues the last rows and waits until every row has been taken in.
    func finish() {
        hand()
        condition.lock()
        closed = true
        condition.broadcast()
        while !taken { condition.wait() }
        condition.unlock()
    }

    private func hand() {
        guard !current.isEmpty else { return }
        condition.lock()
        while batches.count >= Self.depth { condition.wait() }
        batches.append(current)
        condition.broadcast()
        condition.unlock()
        current = []
        current.reserveCapacity(Self.batchSize)
    }

    private func run() {
        while true {
            condition.lock()
            while batches.isEmpty && !closed { condition.wait() }
            if batches.isEmpty {
                taken = true
                condition.broadcast()
                condition.unlock()
                return
            }
            let batch = batches.removeFirst()
            condition.broadcast()
            condition.unlock()
            for row in batch { take(row) }
        }
    }
}
