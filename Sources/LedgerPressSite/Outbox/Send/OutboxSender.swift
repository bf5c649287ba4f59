import Foundation
import LedgerPressPublish

/// `ledgerpress send OUTBOX`: hands each message of the outbox's `new/` to one ``DeliveryChannel``, in name order,
/// at most `limit` of them, and moves it as the channel decided (``OutboxQueue``). A channel that cannot work
/// stops the run; what was not handed on stays in `new/`.
public struct OutboxSender {
    /// The outbox could not be read or a message moved.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public var isDeviceError = false
        /// What was done before it failed.
        public var report: SendReport
    }

    public let folder: String
    public let channel: any DeliveryChannel
    public let limit: Int?

    public init(folder: String, channel: any DeliveryChannel, limit: Int? = nil) {
        self.folder = folder
        self.channel = channel
        self.limit = limit
    }

    /// Refuses a folder that is no outbox (no `new/` and `cur/`), or one whose folders are links.
    public static func problem(folder: String) -> String? {
        do {
            try Maildir.check(folder: folder)
        } catch {
            return "\(error.path): error: \(error.reason)"
        }
        var isFolder: ObjCBool = false
        for sub in ["new", "cur"] {
            guard FileManager.default.fileExists(atPath: folder + "/" + sub, isDirectory: &isFolder), isFolder.boolValue
            else {
                return
                    "\(folder): error: expected an outbox (a Maildir that `build --outbox` wrote), got no \(sub)/ in it"
            }
        }
        return nil
    }

    public func run() throws(Failure) -> SendReport {
        var report = SendReport(channel: channel.name, outbox: folder)
        do {
            var queue = try OutboxQueue(folder: folder)
            let names = try queue.waiting()
            report.waiting = names.count
            for (index, name) in names.enumerated() {
                if let limit, index >= limit {
                    report.notTried = names.count - index
                    break
                }
                let bytes = try queue.read(name)
                guard let message = OutgoingMessage(name: name, bytes: bytes) else {
                    let reason = "no From: or To: address in its headers (not a message `build` wrote)"
                    try queue.refuse(name, reason: reason)
                    report.add(name, .refused, reason)
                    continue
                }
                switch channel.hand(message) {
                case .accepted:
                    try queue.accept(name)
                    report.add(name, .sent, nil)
                case .later(let reason):
                    report.add(name, .later, reason)
                case .refused(let reason):
                    try queue.refuse(name, reason: reason)
                    report.add(name, .refused, reason)
                case .unavailable(let reason, let temporary):
                    report.add(name, .later, reason)
                    report.stopped = reason
                    report.setupFault = !temporary
                    report.notTried = names.count - index - 1
                    return report
                }
            }
        } catch let error as SystemError {
            throw Failure(description: "\(error)", isDeviceError: error.isDeviceError, report: report)
        } catch {
            throw Failure(description: "\(error)", report: report)
        }
        return report
    }
}
