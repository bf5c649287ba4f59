import Foundation
import Testing

/// A real SMTP server on 127.0.0.1 (Fixtures/smtp_server.py, Debian's python3-aiosmtpd), started for one test and
/// stopped when it goes: what it received is read back from its folder, one `N.eml` (the DATA as received) and
/// `N.json` (the envelope) per message.
final class SMTPTestServer {
    let folder: URL
    let port: Int
    private let process: Process

    /// `busy` recipients are answered 450, `unknown` ones 550.
    init(busy: [String] = [], unknown: [String] = []) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("ledgerpress-smtp-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments =
            [CLIRunner.fixture("smtp_server.py"), folder.path] + busy.flatMap { ["--refuse-450", $0] }
            + unknown.flatMap { ["--refuse-550", $0] }
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

    var url: String { "smtp://127.0.0.1:\(port)" }
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
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                _ = bind(descriptor, pointer, length)
                return getsockname(descriptor, pointer, &length)
            }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
