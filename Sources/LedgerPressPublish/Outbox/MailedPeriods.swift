import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The outbox's record of what it has e-mailed, so that a message says "revised" only when the payee was sent an
/// earlier message for the same statement: `.ledgerpress-mailed` beside the Maildir's folders, one line per message
/// written (`<statement key> <message name>`, the key a hash of payee and period: the site's `MailedPeriods.key`), appended before the message is
/// linked into `new/`. The statement's version cannot tell: it grows with every change to the running period,
/// whose versions are never e-mailed, and with changes made before a payee gave an address or consent.
///
/// > Note: the record outlives the messages: `send` moves them to `cur/` or `failed/`, and an operator may delete
/// > them; the record is only appended to. A line without its message (a run killed before the link) names that
/// > message, which is written under the same name by the next run and is not counted as an earlier message.
///
/// An outbox written before the record existed (messages in it, no record) gets a record that starts with the
/// run's as-of: a period that had begun by then may have been e-mailed without a line, so for it the statement's
/// version decides as it did before (above 1 reads as revised).
package struct MailedPeriods: ~Copyable {
    package static let fileName = ".ledgerpress-mailed"
    package static let header = "ledgerpress mailed 1"

    package let path: String
    /// Message names by statement key.
    private var names: [String: Set<String>] = [:]
    /// With an outbox older than its record: the as-of (epoch seconds) of the run that started the record.
    package let startedAfter: Int64?
    private let descriptor: Int32

    /// Opens (or starts) the record in the outbox `folder`; `hadMessages`: whether the Maildir held any message.
    package init(folder: String, asOf: Int64, hadMessages: Bool) throws(SystemError) {
        path = folder + "/" + Self.fileName
        let descriptor = open(path, O_RDWR | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw SystemError("open the outbox's record", path) }
        var text = ""
        do throws(SystemError) {
            var status = stat()
            guard fstat(descriptor, &status) == 0 else { throw SystemError("read", path) }
            guard (status.st_mode & S_IFMT) == S_IFREG else { throw SystemError("read", path, code: EINVAL) }
            let (data, failure) = SystemFile.readFully(descriptor, at: 0, count: Int(status.st_size))
            guard failure == 0 else { throw SystemError("read", path, code: failure) }
            text = String(decoding: data, as: UTF8.self)
            if text.isEmpty {
                let first = Self.header + (hadMessages ? " legacy-before \(asOf)" : "") + "\n"
                try SystemFile.write(descriptor, Data(first.utf8), path: path)
                text = first
            }
        } catch {
            close(descriptor)
            throw error
        }
        self.descriptor = descriptor
        let lines = text.split(separator: "\n")
        let head = lines.first?.split(separator: " ") ?? []
        startedAfter = head.count == 5 && head[3] == "legacy-before" ? Int64(head[4]) : nil
        for line in lines.dropFirst() {
            let fields = line.split(separator: " ")
            // A line cut short by a crash has no second field, or a short one: it names no message.
            guard fields.count == 2 else { continue }
            names[String(fields[0]), default: []].insert(String(fields[1]))
        }
    }

    deinit { close(descriptor) }

    /// Whether a message other than `name` was written for the statement `key`.
    package func mailedBefore(_ key: String, other name: String) -> Bool {
        names[key].map { !$0.subtracting([name]).isEmpty } ?? false
    }

    /// Whether any message was recorded for the statement `key`.
    package func has(_ key: String) -> Bool { names[key] != nil }

    /// Records that message `name` is written for the statement `key` (once per name).
    package mutating func record(_ key: String, name: String) throws(SystemError) {
        guard names[key]?.contains(name) != true else { return }
        try SystemFile.write(descriptor, Data("\(key) \(name)\n".utf8), path: path)
        names[key, default: []].insert(name)
    }

    /// Flushes the record to the disk.
    package func sync() throws(SystemError) {
        guard fsync(descriptor) == 0 else { throw SystemError("flush", path) }
    }
}
