import Foundation
import LedgerPressCore
import LedgerPressPublish
import Synchronization

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
final class OrderedDelivery: Sendable {
    private struct State {
        var nextIndex = 0
        var nextInOrder = 0
        var waiting: [Int: PayeeOutput] = [:]
        var outputs: [PayeeOutput] = []
        var failure: (index: Int, error: any Error)?
        var delivered = 0
    }

    private let count: Int
    private let writer: StagingWriter
    private let state: Mutex<State>

    init(count: Int, writer: StagingWriter) {
        self.count = count
        self.writer = writer
        var state = State()
        state.outputs.reserveCapacity(count)
        self.state = Mutex(state)
    }

    /// The next payee to work on; nil when all are handed out or the run has failed.
    func next() -> Int? {
        state.withLock { state in
            guard state.nextIndex < count, state.failure == nil, !writer.failed else { return nil }
            state.nextIndex += 1
            return state.nextIndex - 1
        }
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
            state.withLock { state in
                if state.failure.map({ index < $0.index }) ?? true { state.failure = (index, error) }
            }
        }
        if !files.isEmpty { writer.submit(files) }
        return state.withLock { state in
            state.delivered += 1
            if let output { state.waiting[index] = output }
            while let ready = state.waiting.removeValue(forKey: state.nextInOrder) {
                writer.submit(ready.financeRows.enumerated().compactMap { $0.element.append(to: $0.offset) })
                var kept = ready
                kept.financeRows = []
                state.outputs.append(kept)
                state.nextInOrder += 1
            }
            return state.delivered
        }
    }

    /// Every payee's output in order, or the failure of the earliest payee that failed.
    func results() throws -> [PayeeOutput] {
        let (outputs, failure) = state.withLock { ($0.outputs, $0.failure?.error) }
        if let failure { throw failure }
        guard outputs.count == count else { throw ResultSlots<PayeeOutput>.Unfilled(index: outputs.count) }
        return outputs
    }
}
