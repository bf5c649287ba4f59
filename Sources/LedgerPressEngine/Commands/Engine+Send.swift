import LedgerPressSite

extension Engine {
    /// Why `send` cannot use `folder` as an outbox (no `new/` and `cur/`, or folders that are links); nil when
    /// it can.
    public static func outboxSendProblem(_ folder: String) -> String? {
        OutboxSender.problem(folder: folder)
    }

    /// `send OUTBOX`: hands each message of the outbox's `new/` to `channel`, in name order, at most `limit` of
    /// them, and moves it as the channel decided. A failure to read the outbox or move a message stops the run
    /// (with what was done before it).
    public static func send(_ folder: String, through channel: any DeliveryChannel, limit: Int?) throws(SendFailure)
        -> SendReport
    {
        try OutboxSender(folder: folder, channel: channel, limit: limit).run()
    }

    /// Why `send` stopped: the outbox could not be read or a message moved.
    public typealias SendFailure = OutboxSender.Failure
}
