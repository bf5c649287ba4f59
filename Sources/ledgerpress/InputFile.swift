import ArgumentParser
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Reads one input the user named, saying in their terms what is wrong when it is not a readable file.
///
/// The path is opened once, without blocking (so a FIFO nobody writes to cannot hang the run), and what
/// it opened is looked at with `fstat`: only a regular file is read, plus the null device, which reads
/// as an empty file (and then fails as one, with the importer's own message). Exit 66 for what is not
/// an input file (missing, a folder, a FIFO, a device, a socket); 74 when reading fails, with the
/// system's reason (`Permission denied`, `Input/output error`).
enum InputFile {
    enum Failure: Error, Equatable {
        case missing
        case folder
        case notRegular(String)
        case unreadable(String)

        /// The message after `PATH: error: `.
        var message: String {
            switch self {
            case .missing: return "no such file"
            case .folder: return "is a folder, expected a file"
            case .notRegular(let kind): return "is \(kind), expected a regular file"
            case .unreadable(let reason): return "cannot read: \(reason)"
            }
        }

        var exitCode: ExitCode {
            if case .unreadable = self { return Exit.ioError }
            return Exit.noInput
        }
    }

    static func read(_ path: String) throws(Failure) -> [UInt8] {
        let input = try open(path)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(input.sizeHint)
        while let piece = try input.next(), !piece.isEmpty { bytes.append(contentsOf: piece) }
        return bytes
    }

    /// An input opened for reading piece by piece (``Reader/next(upTo:)``), with the same checks as ``read(_:)``.
    static func open(_ path: String) throws(Failure) -> Reader {
        let fd = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR || path.isEmpty { throw .missing }
            throw .unreadable(reason(code))
        }
        var status = stat()
        guard fstat(fd, &status) == 0 else {
            let failure = Failure.unreadable(reason(errno))
            close(fd)
            throw failure
        }
        var failure: Failure?
        switch status.st_mode & S_IFMT {
        case S_IFREG: return Reader(fd: fd, sizeHint: max(0, Int(status.st_size)))
        case S_IFDIR: failure = .folder
        case S_IFCHR where isNullDevice(status): failure = nil
        case S_IFCHR, S_IFBLK: failure = .notRegular("a device")
        case S_IFIFO: failure = .notRegular("a FIFO")
        case S_IFSOCK: failure = .notRegular("a socket")
        default: failure = .notRegular("an unknown kind of file")
        }
        close(fd)
        if let failure { throw failure }
        return Reader(fd: -1, sizeHint: 0)
    }

    /// A regular file being read (or the null device, read as empty); closed when released.
    final class Reader {
        private let fd: Int32
        /// The file's size when it was opened.
        let sizeHint: Int

        init(fd: Int32, sizeHint: Int) {
            self.fd = fd
            self.sizeHint = sizeHint
        }

        deinit { if fd >= 0 { close(fd) } }

        /// The next piece of at most `limit` bytes; nil at the end.
        func next(upTo limit: Int = 1 << 20) throws(Failure) -> [UInt8]? {
            guard fd >= 0 else { return nil }
            var failure: Int32 = 0
            let piece = [UInt8](unsafeUninitializedCapacity: limit) { buffer, initialized in
                while true {
                    let count = Glibc.read(fd, buffer.baseAddress, limit)
                    if count < 0 && errno == EINTR { continue }
                    if count < 0 { failure = errno }
                    initialized = max(0, count)
                    return
                }
            }
            if failure != 0 { throw .unreadable(InputFile.reason(failure)) }
            return piece.isEmpty ? nil : piece
        }
    }

    private static func isNullDevice(_ status: stat) -> Bool {
        var null = stat()
        return stat("/dev/null", &null) == 0 && (null.st_mode & S_IFMT) == S_IFCHR && null.st_rdev == status.st_rdev
    }

    private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
