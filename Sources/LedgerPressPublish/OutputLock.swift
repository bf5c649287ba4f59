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
public final class OutputLock: Sendable {
    private let descriptor: Int32
    public let path: String
    /// The device and inode of the locked file: the lock is held only while the lock path still names it.
    private let identity: FileIdentity

    /// Why the output's lock could not be taken or kept.
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
    ///
    /// > Note: a lock file removed (or replaced) while another run held it would let a second run lock a new
    /// > file at the same path. So once locked, the file must still be the one at the lock path (same device and
    /// > inode); when it is not, the lock is taken again on the file now there. ``isHeld`` checks it again before
    /// > the publish swaps the new site in.
    public init(output: URL, readersTimeout: Double = 60, onWait: () -> Void = {}) throws {
        let path = OutputLock.path(for: output)
        created = FileIdentity(path: path) == nil
        (descriptor, identity) = try OutputLock.lockIdentified(path) { descriptor in
            try OutputLock.poll(timeout: readersTimeout, failure: .busyReading(path), onWait: onWait) {
                if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return true }
                // Held: by a run (exclusive, so a shared probe fails too) or only by readers.
                guard flock(descriptor, LOCK_SH | LOCK_NB) == 0 else { throw Failure.busy(path) }
                flock(descriptor, LOCK_UN)
                return false
            }
        }
        self.path = path
    }

    /// Opens and locks the file at `path` until the file locked is the one the path names (at most 100 tries).
    private static func lockIdentified(_ path: String, lock: (Int32) throws -> Void) throws -> (Int32, FileIdentity) {
        for _ in 0..<100 {
            let descriptor = open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw Failure.cannotOpen(path, String(cString: strerror(errno))) }
            do {
                try lock(descriptor)
            } catch {
                close(descriptor)
                throw error
            }
            if let locked = FileIdentity(descriptor: descriptor), FileIdentity(path: path) == locked {
                return (descriptor, locked)
            }
            // The file was removed or replaced between the open and the lock: lock the one there now.
            close(descriptor)
        }
        throw Failure.cannotOpen(path, "it was removed or replaced again and again while being locked")
    }

    /// Whether the lock file this run locked is still the one at the lock path: false once it was removed or
    /// replaced (another run may then have locked a new file there).
    public var isHeld: Bool { FileIdentity(path: path) == identity }

    /// Whether there was no lock file before this lock made it.
    public let created: Bool

    /// Removes the lock file, still holding it, when this lock made it: a run refused before it wrote anything
    /// leaves nothing behind. (A run waiting to lock the removed file finds it gone and locks a new one.)
    public func removeIfCreated() {
        if created && isHeld { unlink(path) }
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
        created = false
        identity = FileIdentity(descriptor: descriptor) ?? FileIdentity(device: 0, inode: 0)
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

/// A file's device and inode: which file a path named when it was looked at.
package struct FileIdentity: Equatable, Sendable {
    package var device: UInt64
    package var inode: UInt64
}

extension FileIdentity {
    package init?(descriptor: Int32) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        self.init(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }

    /// The file at `path` (following symbolic links, as `open` does); nil when there is none.
    package init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        self.init(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }
}
