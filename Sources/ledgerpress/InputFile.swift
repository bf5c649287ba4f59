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
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR || path.isEmpty { throw .missing }
            throw .unreadable(reason(code))
        }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw .unreadable(reason(errno)) }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            return try readAll(fd, sizeHint: Int(status.st_size))
        case S_IFDIR:
            throw .folder
        case S_IFCHR where isNullDevice(status):
            return []
        case S_IFCHR, S_IFBLK:
            throw .notRegular("a device")
        case S_IFIFO:
            throw .notRegular("a FIFO")
        case S_IFSOCK:
            throw .notRegular("a socket")
        default:
            throw .notRegular("an unknown kind of file")
        }
    }

    private static func readAll(_ fd: Int32, sizeHint: Int) throws(Failure) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(max(0, sizeHint))
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(reason(errno))
            }
            bytes.append(contentsOf: buffer[0..<count])
        }
    }

    private static func isNullDevice(_ status: stat) -> Bool {
        var null = stat()
        return stat("/dev/null", &null) == 0 && (null.st_mode & S_IFMT) == S_IFCHR && null.st_rdev == status.st_rdev
    }

    private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
