/// `send --smtp URL`: each message through an SMTP server, in-process (``CurlSMTP``). The reply decides: accepted
/// moves it to `cur/`, a 4xx leaves it for the next run, a 5xx refuses it for good; a server that cannot be reached
/// stops the run (every message stays), a refused login too.
public struct SMTPChannel: DeliveryChannel {
    /// The login (`USER:PASSWORD` from a secret file, never the command line).
    public struct Credentials: Sendable {
        public var user: String
        public var password: String

        /// One line `USER:PASSWORD` (a trailing newline is dropped); nil when there is no colon or no user.
        public init?(line bytes: [UInt8]) {
            var text = String(decoding: bytes, as: UTF8.self)
            while text.hasSuffix("\n") || text.hasSuffix("\r") { text.removeLast() }
            guard !text.contains("\n"), let colon = text.firstIndex(of: ":"), colon != text.startIndex else {
                return nil
            }
            user = String(text[..<colon])
            password = String(text[text.index(after: colon)...])
        }
    }

    public let name = "smtp"
    public let url: String
    public let credentials: Credentials?
    /// Seconds one message may take, connection included.
    public let timeout: Int
    /// `--smtp-ca-file`: the certificates (PEM) that the server's must chain to, instead of the system's (a
    /// private mail server's own authority).
    public let caFile: String?

    public init(url: String, credentials: Credentials?, timeout: Int = 60, caFile: String? = nil) {
        self.url = url
        self.credentials = credentials
        self.timeout = timeout
        self.caFile = caFile
    }

    /// Why a URL is refused (nil when it is fine): `smtp://` or `smtps://` with a host, and no login in it (the
    /// command line is readable by every user of the machine).
    public static func problem(url: String) -> String? {
        let lower = url.lowercased()
        guard lower.hasPrefix("smtp://") || lower.hasPrefix("smtps://") else {
            return "expected smtp://HOST[:PORT] or smtps://HOST[:PORT], got '\(url)'"
        }
        let rest = url.drop(while: { $0 != "/" }).dropFirst(2)
        let authority = rest.prefix { $0 != "/" }
        if authority.contains("@") {
            return "expected no user or password in the URL (others can read a command line); "
                + "put USER:PASSWORD in a file given by --smtp-credentials"
        }
        if authority.isEmpty { return "expected a host in '\(url)'" }
        return nil
    }

    public func hand(_ message: OutgoingMessage) -> DeliveryOutcome {
        let result = CurlSMTP.send(
            url: url, sender: message.sender, recipients: message.recipients, message: message.bytes,
            user: credentials?.user, password: credentials?.password, timeout: timeout, caFile: caFile)
        if result.succeeded { return .accepted }
        let said = result.serverText.isEmpty ? result.curlText : "\(result.serverText) (\(result.curlText))"
        if result.setupFault { return .unavailable("\(url): \(said)", temporary: false) }
        switch result.reply {
        case 500..<600: return .refused(said)
        case 400..<500: return .later(said)
        default:
            return result.unreachable ? .unavailable("\(url): \(said)", temporary: true) : .later(said)
        }
    }
}
