import Foundation
import Testing

@testable import LedgerPressCore
@testable import LedgerPressImport

/// The second thread of the two-core import takes every row, once, in the order sent, while the sender is
/// held back when it runs ahead (a slow taker, many full batches).
@Suite struct RowHandoffTests {
    /// What the taking thread saw.
    final class Taken: @unchecked Sendable {
        var lines: [Int] = []
        var bytes: [[UInt8]] = []
        var threads = Set<UInt>()
    }

    @Test(arguments: [0, 1, RowHandoff.batchSize - 1, RowHandoff.batchSize, 20 * RowHandoff.batchSize + 7])
    func everyRowIsTakenOnceInOrder(count: Int) throws {
        let entry = LedgerEntry(
            id: "t", occurredAt: Timestamp(epochSeconds: 0), payeeID: "p", payeeType: .driver, kind: .tip,
            amount: Money(minorUnits: 1, currency: try #require(Currency(code: "USD"))),
            source: LedgerPressCore.SourceLocation(file: "a.csv", line: 1))
        let taken = Taken()
        let piece = Array("0123456789".utf8)
        let handoff = RowHandoff { row in
            // A taker slower than the sender, so that the sender fills every batch it may queue and waits.
            if row.line % 512 == 0 { usleep(50) }
            taken.lines.append(row.line)
            taken.bytes.append(Array(row.bytes))
            taken.threads.insert(UInt(pthread_self()))
        }
        for line in 0..<count { handoff.send((.entry(entry), line, piece[(line % 10)...])) }
        handoff.finish()
        #expect(taken.lines == Array(0..<count))
        #expect(taken.bytes == (0..<count).map { Array(piece[($0 % 10)...]) })
        // One taking thread, never the sending one.
        #expect(taken.threads.count == (count == 0 ? 0 : 1))
        #expect(!taken.threads.contains(UInt(pthread_self())))
    }

    final class Runs: @unchecked Sendable {
        var tables: [EntryTexts?] = []
    }

    /// The taking thread makes its entries in the sender's run: their texts go into the run's table.
    @Test func theTakingThreadIsInTheSendersRun() throws {
        let entry = LedgerEntry(
            id: "t", occurredAt: Timestamp(epochSeconds: 0), payeeID: "p", payeeType: .driver, kind: .tip,
            amount: Money(minorUnits: 1, currency: try #require(Currency(code: "USD"))),
            source: LedgerPressCore.SourceLocation(file: "a.csv", line: 1))
        let run = EntryTexts()
        let seen = Runs()
        run.using {
            let handoff = RowHandoff { _ in seen.tables.append(EntryTexts.current) }
            for line in 0..<3 { handoff.send((.entry(entry), line, [][...])) }
            handoff.finish()
        }
        #expect(seen.tables.count == 3 && seen.tables.allSatisfy { $0 === run })
    }
}
