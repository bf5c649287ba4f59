import Foundation

/// One thread of its own that runs one read's async work (a ``TaskExecutor``), so that a read never needs, or
/// blocks, a thread of Swift's shared pool.
///
/// The source's reader is called synchronously (``SourceReader/next(upTo:)``), possibly from a thread of that pool
/// (a test, a front end's task): if the database work ran on the same pool, a few such readers could wait on work
/// that no thread is left to run.
final class ReadThread: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var stopping = false

    init(name: String) {
        let thread = Thread { [self] in loop() }
        thread.name = name
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Ends the thread once the jobs already given have run.
    func stop() {
        condition.lock()
        stopping = true
        condition.signal()
        condition.unlock()
    }

    private func loop() {
        while true {
            condition.lock()
            while jobs.isEmpty && !stopping { condition.wait() }
            if jobs.isEmpty {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
