import Foundation
import LedgerPressPublish

#if canImport(Glibc)
    import Glibc
#endif

/// A printer's program (a Chromium), started in a process group of its own and registered
/// with ``RunChildren``: ``stop()`` kills the whole group (a browser's helpers too) and reaps it, and a signal that
/// ends the run kills it too. Its pipes are read and written with deadlines (``read(_:deadline:)``,
/// ``write(_:to:deadline:)``), so a program that hangs can never hang a build.
final class PrinterProcess {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let pid: pid_t
    private var stopped = false

    /// Starts `binary` with `arguments` (after the program name) and `environment`; each of `descriptors` (ours)
    /// becomes the child's descriptor of its number, and standard input is `/dev/null` unless one of them is 0.
    init(binary: String, arguments: [String], environment: [String: String], descriptors: [(Int32, Int32)]) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if !descriptors.contains(where: { $0.1 == 0 }) {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        for (ours, theirs) in descriptors { posix_spawn_file_actions_adddup2(&actions, ours, theirs) }
        // Nothing else: not even a descriptor the build inherited without close-on-exec (a pipe of whoever started
        // it, which a printer left running would keep open).
        for inherited in Self.inheritedDescriptors(keeping: Set(descriptors.map(\.1))) {
            posix_spawn_file_actions_addclose(&actions, inherited)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own process group (ours to kill whole), default signal handling (the build ignores SIGPIPE) and no
        // blocked signals (the build blocks SIGTERM and SIGINT in every thread, for its signal thread).
        posix_spawnattr_setpgroup(&attributes, 0)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGTERM, SIGINT] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let argv = [binary] + arguments
        let envp = environment.map { "\($0.key)=\($0.value)" }.sorted()
        var child: pid_t = 0
        let cArgv = argv.map { strdup($0) } + [nil]
        let cEnvp = envp.map { strdup($0) } + [nil]
        defer { (cArgv + cEnvp).forEach { free($0) } }
        // A printer that dies makes the next write fail with EPIPE instead of killing the build.
        signal(SIGPIPE, SIG_IGN)
        let status = posix_spawn(&child, binary, &actions, &attributes, cArgv, cEnvp)
        guard status == 0 else {
            throw Failure(description: "cannot start \(binary): \(String(cString: strerror(status)))")
        }
        pid = child
        guard RunChildren.started(group: child) else {
            stop()
            throw Failure(description: "the run is ending")
        }
    }

    deinit { stop() }

    /// Kills the program and everything it started (its process group), and reaps it.
    func stop() {
        guard !stopped else { return }
        stopped = true
        kill(-pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        RunChildren.ended(group: pid)
    }

    /// Waits until `deadline` for the program to exit: its wait status (as `waitpid` gives it), or nil when it was
    /// still running (it is then stopped, its whole group killed). What it left in its group is killed either way.
    func waitStatus(deadline: UInt64) -> Int32? {
        var status: Int32 = 0
        while !stopped && DispatchTime.now().uptimeNanoseconds < deadline {
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid {
                stopped = true
                kill(-pid, SIGKILL)
                RunChildren.ended(group: pid)
                return status
            }
            if done < 0 && errno != EINTR { break }
            usleep(5_000)
        }
        stop()
        return nil
    }

    /// The open descriptors above 2 without close-on-exec (those a child would inherit), but `keeping`.
    private static func inheritedDescriptors(keeping: Set<Int32>) -> [Int32] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return names.compactMap { Int32($0) }.filter { descriptor in
            guard descriptor > 2, !keeping.contains(descriptor) else { return false }
            let flags = fcntl(descriptor, F_GETFD)
            return flags >= 0 && flags & FD_CLOEXEC == 0
        }
    }

    /// A deadline `seconds` from now, on the monotonic clock.
    static func deadline(in seconds: Double) -> UInt64 {
        DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
    }

    /// What is there to read on `descriptor` (non-blocking), waiting until `deadline`: the bytes, or empty at its end.
    /// Throws `timedOut` when nothing came in time.
    static func read(_ descriptor: Int32, deadline: UInt64) throws(Wait) -> [UInt8] {
        var chunk = [UInt8](repeating: 0, count: 1 << 18)
        while true {
            try wait(descriptor, for: Int16(POLLIN), until: deadline)
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw .failed(String(cString: strerror(errno)))
            }
            return Array(chunk[..<count])
        }
    }

    /// Writes all of `bytes` to `descriptor` (non-blocking), waiting for room until `deadline`.
    static func write(_ bytes: [UInt8], to descriptor: Int32, deadline: UInt64) throws(Wait) {
        var offset = 0
        while offset < bytes.count {
            try wait(descriptor, for: Int16(POLLOUT), until: deadline)
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw .failed(String(cString: strerror(errno)))
            }
            offset += written
        }
    }

    /// Why a read or write of a printer's pipe stopped.
    enum Wait: Error {
        case timedOut
        case failed(String)
    }

    private static func wait(_ descriptor: Int32, for events: Int16, until deadline: UInt64) throws(Wait) {
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { throw .timedOut }
            var poller = pollfd(fd: descriptor, events: events, revents: 0)
            let ready = poll(&poller, 1, Int32(min(Double(deadline - now) / 1e6 + 1, 1000)))
            if ready < 0 {
                if errno == EINTR { continue }
                throw .failed(String(cString: strerror(errno)))
            }
            // Ready, or the other end closed (POLLHUP, POLLERR): the read or write says which.
            if ready > 0 { return }
        }
    }

    /// Starts `binary` with a pipe each way and its output appended to `log`; `descriptors` places the child's ends
    /// (the pipe it reads, the pipe it writes, the log) on its descriptor numbers. Returns the process and our two
    /// ends, both non-blocking; on failure nothing is left open.
    static func startPiped(
        binary: String, arguments: [String], environment: [String: String], log: URL,
        descriptors: (_ reads: Int32, _ writes: Int32, _ log: Int32) -> [(Int32, Int32)]
    ) throws -> (process: PrinterProcess, toChild: Int32, fromChild: Int32) {
        let toChild = try pipe()
        let fromChild: (read: Int32, write: Int32)
        do {
            fromChild = try pipe()
        } catch {
            close(toChild.read)
            close(toChild.write)
            throw error
        }
        let logFD = ScratchFolder.openLog(log.path)
        defer {
            for fd in [toChild.read, fromChild.write, logFD] where fd >= 0 { close(fd) }
        }
        guard logFD >= 0 else {
            close(toChild.write)
            close(fromChild.read)
            throw Failure(description: "cannot open \(log.path): \(String(cString: strerror(errno)))")
        }
        let process: PrinterProcess
        do {
            process = try PrinterProcess(
                binary: binary, arguments: arguments, environment: environment,
                descriptors: descriptors(toChild.read, fromChild.write, logFD))
        } catch {
            close(toChild.write)
            close(fromChild.read)
            throw error
        }
        nonBlocking(toChild.write)
        nonBlocking(fromChild.read)
        return (process, toChild.write, fromChild.read)
    }

    /// A pipe whose two ends are close-on-exec and numbered above 9 (so that the `dup2`s onto the
    /// child's low descriptors clobber none of them, and no other descriptor of the build leaks into the child).
    static func pipe() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        // (Glibc's pipe2 is not visible to Swift: the ends are moved to close-on-exec duplicates at once.)
        guard Glibc.pipe(&fds) == 0 else {
            throw Failure(description: "cannot make a pipe: \(String(cString: strerror(errno)))")
        }
        let high = fds.map { fcntl($0, F_DUPFD_CLOEXEC, 10) }
        fds.forEach { close($0) }
        guard high.allSatisfy({ $0 >= 0 }) else {
            high.filter { $0 >= 0 }.forEach { close($0) }
            throw Failure(description: "cannot make a pipe: \(String(cString: strerror(errno)))")
        }
        return (high[0], high[1])
    }

    /// Makes our end of a pipe non-blocking (the child's end stays blocking: `O_NONBLOCK` belongs to the open
    /// file, so it is set only on the end the child never shares).
    static func nonBlocking(_ descriptor: Int32) {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }
}
