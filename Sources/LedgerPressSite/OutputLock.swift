import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// An exclusive lock on an output folder (`.<output>.lock` beside it), held for a whole run, so two
/// runs on the same output never interleave. The kernel drops it when the process ends, even on kill -9.
public final class OutputLock {
    private let descriptor: Int32
    public let path: String

    public enum Failure: Error, CustomStringConvertible {
        case busy(String)
        case cannotOpen(String, String)

        public var description: String {
            switch self {
            case .busy(let path): return "another ledgerpress run holds \(path); try again when it has finished"
            case .cannotOpen(let path, let reason): return "cannot open the lock file \(path): \(reason)"
            }
        }
    }

    /// Takes the lock or throws `.busy` at once.
    public init(output: URL) throws {
        let folder = output.standardizedFileURL
        path = folder.deletingLastPathComponent().appendingPathComponent("." + folder.lastPathComponent + ".lock").path
        descriptor = open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Failure.cannotOpen(path, String(cString: strerror(errno))) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw Failure.busy(path)
        }
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
