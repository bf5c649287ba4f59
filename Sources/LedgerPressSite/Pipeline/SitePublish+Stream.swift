import Foundation
import LedgerPressCore

extension SitePublish {
    /// Runs `produce` for payees 0..<count on the workers, in order, streaming their files to the writer and
    /// their finance rows to the finance CSVs in payee order; returns each payee's output without its files.
    func stream(
        count: Int, workers: Int, writer: StagingWriter, progress: (@Sendable (Int, Int) -> Void)?,
        produce: @Sendable (Int) throws -> PayeeOutput
    ) throws -> [PayeeOutput] {
        let delivery = OrderedDelivery(count: count, writer: writer)
        DispatchQueue.concurrentPerform(iterations: min(workers, max(count, 1))) { _ in
            while let index = delivery.next() {
                let done = delivery.deliver(index, Result { try produce(index) })
                if let progress { progress(done, count) }
            }
        }
        if writer.failed {
            do {
                _ = try writer.finish()
            } catch {
                throw SiteWriter.Failure.system(error)
            }
        }
        return try delivery.results()
    }
}

/// Hands out payee indexes in order to the workers and passes their outputs on in the same order: files to
/// the writer at once, finance rows in payee order. Holds only the outputs that wait for an earlier payee.
final class OrderedDelivery: @unchecked Sendable {
    private let lock = NSLock()
    private let count: Int
    private let writer: StagingWriter
    private var nextIndex = 0
    private var nextInOrder = 0
    private var waiting: [Int: PayeeOutput] = [:]
    private var outputs: [PayeeOutput] = []
    private var failure: (index: Int, error: any Error)?
    private var delivered = 0

    init(count: Int, writer: StagingWriter) {
        self.count = count
        self.writer = writer
        outputs.reserveCapacity(count)
    }

    /// The next payee to work on; nil when all are handed out or the run has failed.
    func next() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard nextIndex < count, failure == nil, !writer.failed else { return nil }
        nextIndex += 1
        return nextIndex - 1
    }

    /// Takes a payee's output; returns how many payees are done.
    func deliver(_ index: Int, _ result: Result<PayeeOutput, any Error>) -> Int {
        var files: [StagingWriter.Operation] = []
        var output: PayeeOutput?
        switch result {
        case .success(var value):
            files = value.operations
            value.operations = []
            output = value
        case .failure(let error):
            lock.lock()
            if failure.map({ index < $0.index }) ?? true { failure = (index, error) }
            lock.unlock()
        }
        if !files.isEmpty { writer.submit(files) }
        lock.lock()
        defer { lock.unlock() }
        delivered += 1
        if let output { waiting[index] = output }
        while let ready = waiting.removeValue(forKey: nextInOrder) {
            writer.submit(
                ready.financeRows.enumerated().compactMap { $0.element.isEmpty ? nil : .append($0.offset, $0.element) })
            var kept = ready
            kept.financeRows = []
            outputs.append(kept)
            nextInOrder += 1
        }
        return delivered
    }

    /// Every payee's output in order, or the failure of the earliest payee that failed.
    func results() throws -> [PayeeOutput] {
        lock.lock()
        defer { lock.unlock() }
        if let failure { throw failure.error }
        guard outputs.count == count else { throw ResultSlots<PayeeOutput>.Unfilled(index: outputs.count) }
        return outputs
    }
}
