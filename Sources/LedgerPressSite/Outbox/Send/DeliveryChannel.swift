/// How a message leaves the outbox: one small protocol that `ledgerpress send` hands each message of `new/` to.
/// SMTP (``SMTPChannel``, libcurl in-process) and a sendmail program (``SendmailChannel``) are the first two; a
/// webhook or a push service is one new type.
///
/// > Note: a channel only hands a message on and says what became of it (``DeliveryOutcome``); the outbox's
/// > folders are moved by ``OutboxSender`` alone.
public protocol DeliveryChannel {
    /// The channel's name in the report and the summary (`smtp`, `sendmail`).
    var name: String { get }
    /// Hands one message on; what the other side said.
    func hand(_ message: OutgoingMessage) -> DeliveryOutcome
}

/// One message of `new/`: its file name, its bytes (CRLF lines, as the build wrote them) and its envelope, read from
/// its `From:` and `To:` headers.
public struct OutgoingMessage: Sendable {
    public var name: String
    public var bytes: [UInt8]
    public var sender: String
    public var recipients: [String]
}

/// What became of a message handed to a channel.
public enum DeliveryOutcome: Sendable, Equatable {
    /// Accepted: the message moves to `cur/`.
    case accepted
    /// Not now (an SMTP 4xx, a sendmail exit 75, a timeout): it stays in `new/` for the next run.
    case later(String)
    /// Refused for good (an SMTP 5xx, another sendmail failure): it moves to `failed/`, with the reply beside it.
    case refused(String)
    /// The channel itself cannot work (no server, a login refused, no sendmail program): this message and the
    /// rest stay in `new/`, and the run stops. `temporary`: worth retrying as is (no server), else the setup
    /// is at fault (exit 69).
    case unavailable(String, temporary: Bool)
}
