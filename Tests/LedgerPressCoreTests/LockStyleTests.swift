import Foundation
import Testing

@testable import LedgerPressCore

/// One lock style (ARCHITECTURE.md, "Concurrency"): `Synchronization.Mutex` for shared state, ``Monitor`` where a
/// thread waits until something holds, and no other lock, condition, semaphore, group, serial queue or atomic; no
/// thread's or process's current table (thread-local storage). Read from Sources/, so that a new one fails here.
@Suite struct LockStyleTests {
    /// The one file allowed the primitives a ``Monitor`` is built on.
    static let monitorFile = "Sources/LedgerPressCore/Work/Monitor.swift"

    /// What no other file may use: a lock or wait of another style, or a thread's own storage.
    static let forbidden = [
        "NSCondition", "NSLock", "NSRecursiveLock", "NSConditionLock", "DispatchSemaphore", "DispatchGroup",
        "DispatchQueue(", "DispatchQueue.main", "DispatchQueue.global", ".async(", "pthread_mutex", "pthread_cond",
        "pthread_rwlock", "pthread_spin", "pthread_key", "pthread_getspecific", "pthread_setspecific",
        "os_unfair_lock", "OSAllocatedUnfairLock", "Atomic<", "Atomic(", "ManagedAtomic", "import Atomics",
        "threadDictionary", "@TaskLocal", "sem_init", "sem_wait", "sem_post",
    ]

    /// The package's root (this file is Tests/LedgerPressCoreTests/LockStyleTests.swift).
    static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// Each forbidden use in `text`, with its line (comments included: a primitive is not named even there).
    static func uses(in text: String) -> [(line: Int, what: String)] {
        var found: [(line: Int, what: String)] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            for what in forbidden where line.contains(what) { found.append((number + 1, what)) }
        }
        return found
    }

    @Test func theCheckFindsEachKindOfPrimitive() {
        #expect(Self.uses(in: "let a = NSCondition()\nlet b = Mutex(0)").map(\.line) == [1])
        #expect(Self.uses(in: "private let s = DispatchSemaphore(value: 0)").count == 1)
        #expect(Self.uses(in: "DispatchQueue(label: \"x\").async(group: g) {}").count == 2)
        #expect(Self.uses(in: "let f = Atomic<Bool>(false)").count == 1)
        #expect(Self.uses(in: "pthread_setspecific(key, value)").count == 1)
        #expect(Self.uses(in: "DispatchQueue.concurrentPerform(iterations: 4) { _ in }").isEmpty)
        #expect(Self.uses(in: "let state = Monitor(State())").isEmpty)
    }

    @Test func noSourceFileButTheMonitorUsesAnotherPrimitive() throws {
        let sources = Self.root.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        #expect(files.count > 100, "the sources were found")
        #expect(files.contains("LedgerPressCore/Work/Monitor.swift"))
        var offenders: [String] = []
        for file in files where "Sources/" + file != Self.monitorFile {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            offenders += Self.uses(in: text).map { "Sources/\(file):\($0.line): \($0.what)" }
        }
        #expect(offenders.isEmpty, "use Mutex, or Monitor to wait:\n\(offenders.joined(separator: "\n"))")
    }

    /// A waiter sleeps until another thread makes its condition hold, and sees that thread's change.
    @Test func aWaiterWakesWhenTheStateItWaitsForHolds() {
        let queue = Monitor<[Int]>([])
        let done = Monitor<Int?>(nil)
        let thread = Thread {
            let got = queue.wait(until: { $0.count >= 3 }, then: { $0.reduce(0, +) })
            done.withLock { $0 = got }
        }
        thread.start()
        for value in [1, 2, 3] { queue.withLock { $0.append(value) } }
        #expect(done.wait(until: { $0 != nil }, then: { $0 }) == 6)
    }
}
