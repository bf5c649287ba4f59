import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A throw-away PostgreSQL server for the tests: `initdb` into a folder under /tmp, a Unix socket in that folder and
/// no TCP (`listen_addresses=''`), a superuser `ledgerpress` trusted on the socket. One per test process, started by
/// the first test that asks (``shared()``) and stopped, its folder removed, when the process exits (also after failed
/// tests). Each test makes a database of its own in it.
///
/// Debian's `postgresql` (`make deps` installs it) under /usr/lib/postgresql/N/bin, else `initdb` and `pg_ctl` on
/// PATH. As root, the server runs as the `postgres` user (`runuser`), as PostgreSQL refuses to run as root. When it
/// cannot start, ``shared()`` throws saying why, and the test fails: these tests are never skipped.
public final class PostgresCluster: Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The folder holding the data folder, the log and the socket.
    public let folder: String
    public let user = "ledgerpress"
    let bin: String
    let runAs: String?

    private static let started = Mutex<Result<PostgresCluster, Failure>?>(nil)

    /// The process's cluster, started on first use.
    public static func shared() throws -> PostgresCluster {
        try started.withLock { state in
            if let state { return try state.get() }
            let result: Result<PostgresCluster, Failure>
            do {
                let cluster = try PostgresCluster()
                atexit { PostgresCluster.stopShared() }
                result = .success(cluster)
            } catch let failure as Failure {
                result = .failure(failure)
            } catch {
                result = .failure(Failure(description: "\(error)"))
            }
            state = result
            return try result.get()
        }
    }

    private static func stopShared() {
        if case .success(let cluster)? = started.withLock({ $0 }) { cluster.stop() }
    }

    private init() throws {
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        let candidates = versions.compactMap(Int.init).sorted(by: >).map { "/usr/lib/postgresql/\($0)/bin" }
        guard let bin = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0 + "/initdb") })
        else {
            throw Failure(
                description:
                    "PostgreSQL tests: no initdb under /usr/lib/postgresql/*/bin: install Debian's postgresql (`make deps`, or apt-get install postgresql)"
            )
        }
        self.bin = bin
        var template = Array("/tmp/ledgerpress-pg-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw Failure(description: "PostgreSQL tests: mkdtemp failed") }
        folder = String(cString: made)
        if geteuid() == 0 {
            guard let entry = getpwnam("postgres") else {
                throw Failure(
                    description:
                        "PostgreSQL tests: running as root, but there is no `postgres` user to run the server as")
            }
            chown(folder, entry.pointee.pw_uid, entry.pointee.pw_gid)
            runAs = "postgres"
        } else {
            runAs = nil
        }
        watchdog()
        do {
            try server(
                "initdb", ["-D", folder + "/data", "-A", "trust", "-U", user, "-E", "UTF8", "--locale=C", "--no-sync"])
            try server(
                "pg_ctl",
                [
                    "-D", folder + "/data", "-l", folder + "/server.log", "-w", "-t", "60", "-o",
                    "-k \(folder) -c listen_addresses='' -c fsync=off", "start",
                ])
            // A second login that must give a password (SCRAM) on the socket, for the password-file tests.
            try "local all \(Self.reader) scram-sha-256\nlocal all all trust\n".write(
                toFile: folder + "/data/pg_hba.conf", atomically: false, encoding: .utf8)
            try psql("postgres", "CREATE ROLE \(Self.reader) LOGIN PASSWORD '\(Self.readerPassword)'")
            try psql("postgres", "SELECT pg_reload_conf()")
        } catch {
            let log = (try? String(contentsOfFile: folder + "/server.log", encoding: .utf8)) ?? ""
            stop()
            throw Failure(description: "PostgreSQL tests: the throw-away cluster did not start: \(error)\n\(log)")
        }
    }

    /// A shell that waits for this process to end and then stops the server and removes its folder: the cleanup of a
    /// test process that crashed or was killed, which runs no `atexit` (after a normal exit it finds nothing to do).
    private func watchdog() {
        let pgctl = (runAs.map { "/usr/sbin/runuser -u \($0) -- " } ?? "") + bin + "/pg_ctl"
        let script =
            "while kill -0 \(getpid()) 2>/dev/null; do sleep 2; done; "
            + "[ -f '\(folder)/data/postmaster.pid' ] && \(pgctl) -D '\(folder)/data' -m immediate -w stop; "
            + "rm -rf '\(folder)'"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", O_RDWR, 0)
        }
        // In a session of its own (setsid), so that a signal to the test's process group does not end it too.
        let words: [String] = ["/usr/bin/setsid", "/bin/sh", "-c", script]
        let argv = words.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        _ = posix_spawn(&pid, "/usr/bin/setsid", &actions, nil, argv, environ)
    }

    /// Stops the server at once and removes its folder.
    public func stop() {
        if FileManager.default.fileExists(atPath: folder + "/data/postmaster.pid") {
            try? server("pg_ctl", ["-D", folder + "/data", "-m", "immediate", "-w", "stop"])
        }
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// A login that must give its password (``readerPassword``): it may read what ``grantReader(_:table:)`` grants.
    public static let reader = "ledgerpress_reader"
    public static let readerPassword = "pw-Xq7-never-shown"

    public func grantReader(_ database: String, table: String = "ledger_entries") throws {
        try psql(database, "GRANT SELECT ON \(table) TO \(Self.reader)")
    }

    /// A new, empty database.
    public func createDatabase(_ name: String) throws {
        _ = try psql("postgres", "CREATE DATABASE \"\(name)\"")
    }

    /// Runs SQL (or one psql backslash command) in a database; its output (tuples only, unaligned).
    @discardableResult
    public func psql(_ database: String, _ sql: String) throws -> String {
        try run(
            bin + "/psql",
            ["-X", "-q", "-At", "-v", "ON_ERROR_STOP=1", "-h", folder, "-U", user, "-d", database, "-c", sql])
    }

    /// The native columns with the types a ledger table would have (`timestamptz`, `numeric`), `id` its key.
    public static let nativeTable = """
        (id text PRIMARY KEY, occurred_at timestamptz NOT NULL, payee_id text NOT NULL, payee_type text NOT NULL,
        payee_name text, kind text NOT NULL, amount numeric NOT NULL, currency text NOT NULL, reference text,
        description text, payout_id text, payout_status text)
        """

    /// A new database (named uniquely after `prefix`) holding `table` with the native columns and the rows of a
    /// native CSV file (`\copy`: an empty cell is NULL); its name.
    public func ledgerDatabase(_ prefix: String, table: String = "ledger_entries", rows csv: String) throws -> String {
        let database = prefix + "_" + UUID().uuidString.prefix(8).lowercased()
        try createDatabase(database)
        try psql(database, "CREATE TABLE \(table) \(Self.nativeTable)")
        try psql(database, "\\copy \(table) FROM '\(csv)' WITH (FORMAT csv, HEADER true)")
        return database
    }

    /// A native CSV with only the last row of each id (a table has one row per id; the last read wins in a file).
    public static func lastOfEachID(_ csv: String) -> String {
        let lines = csv.split(separator: "\n", omittingEmptySubsequences: true)
        var last: [Substring: Int] = [:]
        for (index, line) in lines.enumerated().dropFirst() { last[line.prefix { $0 != "," }] = index }
        let kept = lines.enumerated().filter { $0.offset == 0 || last[$0.element.prefix { $0 != "," }] == $0.offset }
        return kept.map { String($0.element) + "\n" }.joined()
    }

    /// The `--source` URL of a table in a database of this cluster.
    public func url(database: String, table: String = "ledger_entries", user: String? = nil) -> String {
        "postgresql://\(user ?? self.user)@/\(database)?host=\(folder)&table=\(table)"
    }

    private func server(_ tool: String, _ arguments: [String]) throws {
        if let runAs {
            _ = try run("/usr/sbin/runuser", ["-u", runAs, "--", bin + "/" + tool] + arguments)
        } else {
            _ = try run(bin + "/" + tool, arguments)
        }
    }

    /// Runs a program to its end (posix_spawn and waitpid: Foundation's `Process` was seen never to return from
    /// `waitUntilExit` after `pg_ctl start`, whose server lives on); its standard output, or a failure with its
    /// standard error. Both go to files, so no pipe can fill up and stop the child.
    private func run(_ executable: String, _ arguments: [String]) throws -> String {
        let scratch = folder + "/run-" + UUID().uuidString
        defer {
            unlink(scratch + ".out")
            unlink(scratch + ".err")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, scratch + ".out", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, scratch + ".err", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw Failure(description: "\(executable): cannot start: \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let out = (try? String(contentsOfFile: scratch + ".out", encoding: .utf8)) ?? ""
        let exited = (status & 0x7f) == 0
        let code = (status >> 8) & 0xff
        guard exited && code == 0 else {
            let err = (try? String(contentsOfFile: scratch + ".err", encoding: .utf8)) ?? ""
            let how = exited ? "exited \(code)" : "was killed by signal \(status & 0x7f)"
            throw Failure(description: "\((executable as NSString).lastPathComponent) \(how): \(err)")
        }
        return out
    }
}
