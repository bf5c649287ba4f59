import Foundation
import Testing

/// A real SMTP server on 127.0.0.1 (Fixtures/smtp_server.py, Debian's python3-aiosmtpd), started for one test and
/// stopped when it goes: what it received is read back from its folder, one `N.eml` (the DATA as received) and
/// `N.json` (the envelope) per message.
final class SMTPTestServer {
    let folder: URL
    let port: Int
    private let process: Process

    /// How the server speaks TLS (with a certificate and its key, PEM files).
    enum TLS {
        /// Offers STARTTLS and requires it before a message.
        case starttls(cert: String, key: String)
        /// TLS from the first byte (`smtps://`).
        case smtps(cert: String, key: String)
    }

    let tls: TLS?

    /// `busy` recipients are answered 450, `unknown` ones 550; `refuseLogin`: offers AUTH and answers every login 535.
    init(busy: [String] = [], unknown: [String] = [], tls: TLS? = nil, refuseLogin: Bool = false) throws {
        self.tls = tls
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("ledgerpress-smtp-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        var arguments =
            [CLIRunner.fixture("smtp_server.py"), folder.path] + busy.flatMap { ["--refuse-450", $0] }
            + unknown.flatMap { ["--refuse-550", $0] } + (refuseLogin ? ["--refuse-login"] : [])
        switch tls {
        case .starttls(let cert, let key): arguments += ["--tls", "starttls", "--cert", cert, "--key", key]
        case .smtps(let cert, let key): arguments += ["--tls", "smtps", "--cert", cert, "--key", key]
        case nil: break
        }
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let portFile = folder.appendingPathComponent("port")
        var found: Int?
        for _ in 0..<200 {
            if let text = try? String(contentsOf: portFile, encoding: .utf8), let number = Int(text) {
                found = number
                break
            }
            if !process.isRunning { break }
            usleep(50_000)
        }
        guard let found else {
            kill(process.processIdentifier, SIGKILL)
            throw Failure(description: "the SMTP test server did not start (is python3-aiosmtpd installed? make deps)")
        }
        port = found
    }

    deinit {
        // SIGKILL: the server may have inherited a signal mask that blocks SIGTERM from the test's thread.
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: folder)
    }

    struct Failure: Error, CustomStringConvertible { var description: String }

    var url: String {
        if case .smtps = tls { return "smtps://127.0.0.1:\(port)" }
        return "smtp://127.0.0.1:\(port)"
    }

    /// Per message received, whether its session was under TLS (`tls`) or not (`plain`).
    func sessions() -> [String] {
        let text = (try? String(contentsOf: folder.appendingPathComponent("sessions"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    /// A throw-away certificate for 127.0.0.1 and its key (P-256), made with openssl in `folder`: (cert, key).
    static func selfSigned(in folder: String) throws -> (cert: String, key: String) {
        let cert = folder + "/cert.pem"
        let key = folder + "/key.pem"
        let result = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/openssl"),
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", key,
                "-out", cert, "-days", "2", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
            ], directory: URL(fileURLWithPath: folder), environment: ProcessInfo.processInfo.environment)
        guard result.status == 0 else {
            throw Failure(description: "openssl req: \(String(decoding: result.stderr, as: UTF8.self))")
        }
        return (cert, key)
    }

    /// A socket bound to a free port on 127.0.0.1 (listening when `listening`), and that port.
    static func loopbackSocket(listening: Bool) -> (descriptor: Int32, port: Int) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                _ = bind(descriptor, pointer, length)
                if listening { _ = listen(descriptor, 16) }
                return getsockname(descriptor, pointer, &length)
            }
        }
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// A port on 127.0.0.1 that accepts connections (the kernel completes them) and never says a word: the
    /// listening socket, to close when done, and its port.
    static func silentPort() -> (descriptor: Int32, port: Int) { loopbackSocket(listening: true) }

    /// msmtp pointed at this server, as `--sendmail` runs it.
    var msmtp: String { "msmtp --host=127.0.0.1 --port=\(port) --auth=off --tls=off" }

    /// What the server received, in order: the message's bytes and its envelope's recipients.
    func received() throws -> [(bytes: Data, sender: String, recipients: [String], path: String)] {
        var result: [(Data, String, [String], String)] = []
        var number = 1
        while true {
            let base = folder.appendingPathComponent(String(number))
            let eml = base.appendingPathExtension("eml")
            guard let envelope = try? Data(contentsOf: base.appendingPathExtension("json")) else { break }
            let object = try JSONSerialization.jsonObject(with: envelope) as? [String: Any] ?? [:]
            result.append(
                (
                    try Data(contentsOf: eml), object["mail_from"] as? String ?? "",
                    object["rcpt_tos"] as? [String] ?? [], eml.path
                ))
            number += 1
        }
        return result
    }

    /// A port on 127.0.0.1 where nothing listens (bound, then closed).
    static func closedPort() -> Int {
        let (descriptor, port) = loopbackSocket(listening: false)
        close(descriptor)
        return port
    }
}
