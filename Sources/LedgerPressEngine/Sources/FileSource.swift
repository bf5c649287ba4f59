import Foundation
import LedgerPressImport

#if canImport(Glibc)
    import Glibc
#endif

/// A file the user named: native CSV or JSON Lines, a Stripe report or export, a layout a mapping reads.
///
/// The path is opened once, without blocking (so a FIFO nobody writes to cannot hang the run), and what
/// it opened is looked at with `fstat`: only a regular file is read, plus the null device, which reads
/// as an empty file (and then fails as one, with the importer's own message). ``SourceFailure``: 66 for what
/// is not an input file (missing, a folder, a FIFO, a device, a socket); 74 when reading fails, with the
/// system's reason (`Permission denied`, `Input/output error`).
public struct FileSource: LedgerSource {
    public let path: String

    public init(path: String) { self.path = path }

    public var name: String { path }
    public var recordedName: String { (path as NSString).lastPathComponent }
    public var kind: String? { nil }

    public func open() throws(SourceFailure) -> any SourceReader {
        let fd = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR || path.isEmpty { throw .missing }
            throw .unreadable(FileSource.reason(code))
        }
        var status = stat()
        guard fstat(fd, &status) == 0 else {
            let failure = SourceFailure.unreadable(FileSource.reason(errno))
            close(fd)
            throw failure
        }
        var failure: SourceFailure?
        switch status.st_mode & S_IFMT {
        case S_IFREG: return Reader(fd: fd, sizeHint: max(0, Int(status.st_size)))
        case S_IFDIR: failure = .folder
        case S_IFCHR where FileSource.isNullDevice(status): failure = nil
        case S_IFCHR, S_IFBLK: failure = .notRegular("a device")
        case S_IFIFO: failure = .notRegular("a FIFO")
        case S_IFSOCK: failure = .notRegular("a socket")
        default: failure = .notRegular("an unknown kind of file")
        }
        close(fd)
        if let failure { throw failure }
        return Reader(fd: -1, sizeHint: 0)
    }

    /// The whole file, with the same checks as ``open()``.
    public static func read(_ path: String) throws(SourceFailure) -> [UInt8] {
        try FileSource(path: path).open().readAll()
    }

    /// A regular file being read (or the null device, read as empty); closed when released.
    final class Reader: SourceReader {
        private let fd: Int32
        let sizeHint: Int

        init(fd: Int32, sizeHint: Int) {
            self.fd = fd
            self.sizeHint = sizeHint
        }

        deinit { if fd >= 0 { close(fd) } }

        func next(upTo limit: Int) throws(SourceFailure) -> [UInt8]? {
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
            if failure != 0 { throw .unreadable(FileSource.reason(failure)) }
            return piece.isEmpty ? nil : piece
        }
    }

    private static func isNullDevice(_ status: stat) -> Bool {
        var null = stat()
        return stat("/dev/null", &null) == 0 && (null.st_mode & S_IFMT) == S_IFCHR && null.st_rdev == status.st_rdev
    }

    private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
