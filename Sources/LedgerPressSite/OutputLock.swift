import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A lock on an output folder (`.<output>.lock` beside it). `build` and `merge` hold it exclusively for a
/// whole run, so two runs on the same output never interleave; `verify` holds it shared while it reads, so it
/// never reads a site that a run is swapping. The kernel drops it when the process ends, even on kill -9.
///
/// > Note: a run that finds the lock held by another run fails at once (`.busy`); one that finds it held only
/// > by readers (`verify`) waits for them, up to a limit. A reader waits for a run to finish, up to a limit.
public final class OutputLock {
    private let descriptor: Int32
    public let path: String

    public enum Failure: Error, CustomStringConvertible {
        case busy(String)
        /// Readers (`verify`) held the lock for longer than the writer would wait.
        case busyReading(String)
        case cannotOpen(String, String)

        public var description: String {
            switch self {
            case .busy(let path): return "another ledgerpress run holds \(path); try again when it has finished"
            case .busyReading(let path): return "a `ledgerpress verify` holds \(path); try again when it has finished"
            case .cannotOpen(let path, let reason): return "cannot open the lock file \(path): \(reason)"
            }
        }
    }

    /// The lock file of an output folder: `.<name>.lock` beside it.
    public static func path(for output: URL) -> String {
        let folder = output.standardizedFileURL
        return folder.deletingLastPathComponent().appendingPathComponent("." + folder.lastPathComponent + ".lock").path
    }

    /// Takes the lock exclusively, for a run that writes the output. Throws `.busy` at once when another run
    /// holds it; when only readers hold it, calls `onWait` once and waits for them up to `readersTimeout` seconds.
    public init(output: URL, readersTimeout: Double = 60, onWait: () -> Void = {}) throws {
        let path = OutputLock.path(for: output)
        let descriptor = open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Failure.cannotOpen(path, String(cString: strerror(errno))) }
        do {
            try OutputLock.poll(timeout: readersTimeout, failure: .busyReading(path), onWait: onWait) {
                if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return true }
                // Held: by a run (exclusive, so a shared probe fails too) or only by readers.
                guard flock(descriptor, LOCK_SH | LOCK_NB) == 0 else { throw Failure.busy(path) }
                flock(descriptor, LOCK_UN)
                return false
            }
        } catch {
            close(descriptor)
            throw error
        }
        self.path = path
        self.descriptor = descriptor
    }

    /// Takes the lock shared, for a reader of the output. When a run holds it, calls `onWait` once and waits
    /// up to `timeout` seconds, then throws `.busy`. Opens an existing lock file read-only when it cannot be
    /// opened for writing; throws `.cannotOpen` when there is none and it cannot be created (a read-only copy).
    public init(readingOutput output: URL, timeout: Double, onWait: () -> Void = {}) throws {
        let path = OutputLock.path(for: output)
        var descriptor = open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        if descriptor < 0 { descriptor = open(path, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw Failure.cannotOpen(path, String(cString: strerror(errno))) }
        do {
            try OutputLock.poll(timeout: timeout, failure: .busy(path), onWait: onWait) {
                flock(descriptor, LOCK_SH | LOCK_NB) == 0
            }
        } catch {
            close(descriptor)
            throw error
        }
        self.path = path
        self.descriptor = descriptor
    }

    /// Tries `attempt` until it succeeds, every 20 ms; calls `onWait` before the first wait, and throws
    /// `failure` when `timeout` seconds have passed.
    private static func poll(timeout: Double, failure: Failure, onWait: () -> Void, _ attempt: () throws -> Bool) throws
    {
        let deadline = Date().addingTimeInterval(timeout)
        var waited = false
        while try !attempt() {
            guard Date() < deadline else { throw failure }
            if !waited { onWait() }
            waited = true
            usleep(20_000)
        }
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
