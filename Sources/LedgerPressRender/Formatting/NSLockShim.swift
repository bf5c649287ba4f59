import Foundation

/// A lock for the few shared caches (Foundation's NSLock behind a small name).
final class NSLockShim: @unchecked Sendable {
    private let lock = NSLock()

    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
