import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One headless Chromium, started in its own process group and driven over `--remote-debugging-pipe`: it reads
/// NUL-terminated JSON commands (the Chrome DevTools Protocol) from its descriptor 3 and writes NUL-terminated
/// replies and events to its descriptor 4. Every wait has a deadline and ``stop()`` kills the whole group, so a
/// hung browser can never hang a build. Used by one thread at a time.
final class DevToolsPipe {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let pid: pid_t
    private let commands: Int32
    private let replies: Int32
    private let profile: URL
    private var nextID = 0
    private var buffer: [UInt8] = []
    /// How long one command may take.
    let timeout: Double

    /// Starts `binary` with `arguments` (after the pipe and profile flags), its standard error appended to `log`.
    init(binary: String, arguments: [String], environment: [String: String], log: URL, timeout: Double = 60) throws {
        self.timeout = timeout
        profile = log.deletingLastPathComponent().appendingPathComponent(
            "profile-\(log.deletingPathExtension().lastPathComponent)")
        try? FileManager.default.removeItem(at: profile)
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        // Every descriptor made here is close-on-exec and above 9, so the dup2 onto 3 and 4 in the child can clobber
        // none of them and no other descriptor of the build leaks into the browser.
        let toChrome = try Self.pipe()
        let fromChrome = try Self.pipe()
        let logFD = open(log.path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        defer {
            for fd in [toChrome.read, fromChrome.write, logFD] where fd >= 0 { close(fd) }
        }
        guard logFD >= 0 else {
            throw Failure(description: "cannot open \(log.path): \(String(cString: strerror(errno)))")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, logFD, 1)
        posix_spawn_file_actions_adddup2(&actions, logFD, 2)
        posix_spawn_file_actions_adddup2(&actions, toChrome.read, 3)
        posix_spawn_file_actions_adddup2(&actions, fromChrome.write, 4)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own process group (ours to kill whole), default signal handling (the build ignores SIGPIPE).
        posix_spawnattr_setpgroup(&attributes, 0)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF))
        let argv =
            [binary, "--remote-debugging-pipe", "--user-data-dir=" + profile.path] + arguments + ["about:blank"]
        let envp = environment.map { "\($0.key)=\($0.value)" }.sorted()
        var child: pid_t = 0
        let status = Self.withCStrings(argv) { cArgv in
            Self.withCStrings(envp) { cEnvp in posix_spawn(&child, binary, &actions, &attributes, cArgv, cEnvp) }
        }
        guard status == 0 else {
            close(toChrome.write)
            close(fromChrome.read)
            throw Failure(description: "cannot start \(binary): \(String(cString: strerror(status)))")
        }
        pid = child
        commands = toChrome.write
        replies = fromChrome.read
    }

    deinit { stop() }

    private var stopped = false

    /// Kills the browser and its helpers (its process group), reaps it and removes its profile.
    func stop() {
        guard !stopped else { return }
        stopped = true
        kill(-pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        close(commands)
        close(replies)
        try? FileManager.default.removeItem(at: profile)
    }

    /// Sends one command and returns its result; events that arrive meanwhile are dropped.
    @discardableResult
    func send(_ method: String, _ parameters: [String: Any] = [:], session: String? = nil) throws -> [String: Any] {
        nextID += 1
        var message: [String: Any] = ["id": nextID, "method": method, "params": parameters]
        if let session { message["sessionId"] = session }
        var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
        bytes.append(0)
        try write(bytes, method)
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeout * 1e9)
        while true {
            let reply = try readMessage(deadline: deadline, method)
            guard (reply["id"] as? Int) == nextID else { continue }
            if let error = reply["error"] as? [String: Any] {
                throw Failure(description: "\(method): \(error["message"] ?? error)")
            }
            return reply["result"] as? [String: Any] ?? [:]
        }
    }

    private func write(_ bytes: [UInt8], _ method: String) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(commands, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw Failure(description: "\(method): the browser stopped (\(String(cString: strerror(errno))))")
            }
            offset += written
        }
    }

    private func readMessage(deadline: UInt64, _ method: String) throws -> [String: Any] {
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let message = Data(buffer[..<end])
                buffer.removeSubrange(...end)
                guard let object = try JSONSerialization.jsonObject(with: message) as? [String: Any] else { continue }
                return object
            }
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else {
                throw Failure(description: "\(method): no answer within \(Int(timeout)) s")
            }
            var poller = pollfd(fd: replies, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(Double(deadline - now) / 1e6, 1000)))
            if ready < 0 && errno != EINTR {
                throw Failure(description: "\(method): \(String(cString: strerror(errno)))")
            }
            guard ready > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 1 << 18)
            let count = chunk.withUnsafeMutableBytes { read(replies, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw Failure(description: "\(method): the browser exited") }
            buffer += chunk[..<count]
        }
    }

    /// A pipe whose two ends are close-on-exec and numbered above 9.
    private static func pipe() throws -> (read: Int32, write: Int32) {
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

    private static func withCStrings<R>(
        _ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R
    ) -> R {
        let pointers = strings.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        return pointers.withUnsafeBufferPointer { buffer in
            // Never empty: the list ends in its nil terminator.
            guard let base = buffer.baseAddress else { preconditionFailure("an empty argument list") }
            return body(base)
        }
    }
}
