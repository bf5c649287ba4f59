/// What one `send` did: per message its outcome and the reply that decided it, and the counts.
public struct SendReport: Sendable, Encodable {
    /// What became of one message.
    public enum Outcome: String, Sendable, Encodable {
        /// Accepted, moved to `cur/`.
        case sent
        /// Left in `new/` for the next run.
        case later
        /// Refused for good, moved to `failed/`.
        case refused
    }

    /// One message handed on: its file name, its outcome and the reply that decided it.
    public struct Message: Sendable, Encodable {
        public var name: String
        public var outcome: Outcome
        public var reply: String?
    }

    public var channel: String
    public var outbox: String
    /// Messages in `new/` when the run began.
    public var waiting = 0
    public var sent = 0
    public var later = 0
    public var refused = 0
    /// Left in `new/` without being handed on (`--max`, or the channel stopped).
    public var notTried = 0
    /// Why the channel stopped the run (no server, a login refused), if it did.
    public var stopped: String?
    /// The stop was the setup's fault (a login refused, no sendmail program), not worth retrying as is.
    public var setupFault = false
    public var messages: [Message] = []

    enum CodingKeys: String, CodingKey {
        case channel, outbox, waiting, sent, later, refused, stopped, messages
        case notTried = "not_tried"
        case setupFault = "setup_fault"
    }

    mutating func add(_ name: String, _ outcome: Outcome, _ reply: String?) {
        messages.append(Message(name: name, outcome: outcome, reply: reply))
        switch outcome {
        case .sent: sent += 1
        case .later: later += 1
        case .refused: refused += 1
        }
    }

    /// The one-line summary, as build's: `send: 3 sent, 1 left for later, 1 refused (see failed/), 0 not tried`.
    public var summary: String {
        "send (\(channel)): \(sent) sent, \(later) left in new/ for later, \(refused) refused (moved to failed/), "
            + "\(notTried) not tried" + (stopped.map { "; stopped: \($0)" } ?? "")
    }
}
