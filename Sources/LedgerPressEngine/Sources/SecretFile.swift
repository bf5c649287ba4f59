import Foundation
import LedgerPressImport

#if canImport(Glibc)
    import Glibc
#endif

/// A file holding a secret (a link secret, a signing key, a shard secret, a password file): one rule for all of
/// them. It is read like any input (``FileSource``: a regular file, opened without blocking), and refused when
/// its group or others may read or write it, as OpenSSH and libpq refuse such keys: a secret that others can read
/// is no longer a secret, and saying so is kinder than signing with it.
public enum SecretFile {
    /// The permission bits that must be clear on a secret file (any access by the group or others).
    public static let forbiddenBits: mode_t = 0o077

    /// Why a secret file is refused.
    public enum Failure: Error, Equatable, Sendable {
        /// Not readable as an input (missing, a folder, a FIFO, unreadable): ``SourceFailure``'s own exit code.
        case source(SourceFailure)
        /// Group or others have access: the file's mode, in octal (exit 64, with how to fix it).
        case exposed(mode: String)

        /// The message after `PATH: error: OPTION: `.
        public func message(path: String) -> String {
            switch self {
            case .source(let failure): return failure.message
            case .exposed(let mode):
                return
                    "expected a secret file only its owner can read, got mode \(mode) (group or others have access); "
                    + "run chmod 600 '\(path)' (a Kubernetes secret: defaultMode: 0400)"
            }
        }

        public var exit: BuildStop.Reason {
            switch self {
            case .source(let failure): return failure.exit
            case .exposed: return .usage
            }
        }
    }

    /// The mode bits of a regular file at `path`, or nil when it cannot be stat'ed (the read then says why).
    public static func mode(_ path: String) -> mode_t? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return status.st_mode
    }

    /// The secret's bytes; throws when the file is not a readable regular file or when others can access it.
    public static func read(_ path: String) throws(Failure) -> [UInt8] {
        let bytes: [UInt8]
        do {
            bytes = try FileSource.read(path)
        } catch {
            throw .source(error)
        }
        // Checked on the file that was read (a null device reads as empty and fails later as too short).
        if let mode = mode(path), mode & S_IFMT == S_IFREG, mode & forbiddenBits != 0 {
            throw .exposed(mode: String(mode & 0o7777, radix: 8))
        }
        return bytes
    }
}
