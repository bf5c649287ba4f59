import Foundation
import LedgerPressCore
import LedgerPressPublish
import LedgerPressRender

/// The e-mail outbox (`--outbox`): after a publish, one message per payee and statement version of the kinds
/// asked that the Maildir does not hold yet, made from the published files (the Markdown for the text part, the
/// page's statement and the site's stylesheet for the HTML part, the PDF beside the statement when there is one).
///
/// > Note: a message's name and `Message-ID` are functions of the statement version (payee, period, version,
/// > figures' fingerprint, first as-of time) and its `Date` is the version's as-of time (``OutboxAsOf``), never
/// > the clock: a rerun, or a run after a kill, finds the message in `new/` or `cur/` and writes nothing.
///
/// A message reads as a revision ("revised statement … (version N)") only when the outbox wrote an earlier message
/// for the same payee and period (``MailedPeriods``), not because the statement's version is above 1: the running
/// period's versions are never e-mailed, so the first message for a month is the statement, whatever its version.
public struct StatementOutbox: Sendable {
    /// The outbox could not be written, or the published site read.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        /// A failure of the device itself (EIO).
        public var isDeviceError = false
        /// What the outbox did before it failed: the messages already in `new/` stay delivered, and are counted.
        public var report = OutboxReport()
    }

    public let options: OutboxOptions

    public init(_ options: OutboxOptions) { self.options = options }

    /// Refuses an outbox whose `tmp/`, `new/` or `cur/` is there but is not a plain folder (a symbolic link is never
    /// followed), before anything is written; a missing outbox, or missing folders in it, are fine.
    public static func checkFolder(_ folder: URL) throws(Failure) {
        do {
            try Maildir.check(folder: folder.path)
        } catch {
            throw Failure(description: "\(error.path): error: --outbox: \(error.reason)")
        }
    }

    /// Writes the messages for the site published in `site` to the payees among `recipients`: only of the statements
    /// whose period is closed at `asOf` (the run's as-of, seconds since the epoch; see ``Closing``).
    /// `strings`: the run's string tables (each message in its payee's words).
    public func deliver(site: URL, recipients: [OutboxRecipient], strings: StringTables, asOf: Int64) throws(Failure)
        -> OutboxReport
    {
        var report = OutboxReport()
        do {
            let published = try PreviousSite(folder: site)
            var maildir = try Maildir(folder: options.folder.path)
            var mailed = try MailedPeriods(
                folder: options.folder.path, asOf: asOf, hadMessages: !maildir.delivered.isEmpty)
            let css =
                try SystemFile.read(site.appendingPathComponent("assets/style.css").path)
                .map { String(decoding: $0, as: UTF8.self) } ?? ""
            var number = 0
            for recipient in recipients.sorted(by: { $0.payeeID.utf8.lexicographicallyPrecedes($1.payeeID.utf8) }) {
                guard let entry = published.payees[recipient.payeeID],
                    let manifest = try published.payeeManifest(slug: entry.slug)
                else { continue }
                let asked = manifest.statements.filter { record in
                    Period(label: record.period).map { options.kinds.contains($0.kind) } ?? false
                }
                // `--deliver-since`: statements whose period ended by then are skipped (and counted).
                let recent = asked.filter { record in
                    guard let since = options.since, let period = Period(label: record.period) else { return true }
                    return period.end > since
                }
                report.skippedBeforeSince += asked.count - recent.count
                // Only closed periods: the running one (and one still in its grace) stays on the site only.
                let closing = Closing(recipient: recipient, grace: options.grace, asOf: asOf)
                var records: [StatementRecord] = []
                for record in recent {
                    switch Period(label: record.period).map(closing.state) ?? .open {
                    case .closed: records.append(record)
                    case .open: report.heldOpen += 1
                    case .grace: report.heldGrace += 1
                    }
                }
                guard !records.isEmpty else { continue }
                guard let email = recipient.email else {
                    report.withoutAddress.append(recipient.payeeID)
                    report.skippedStatements += records.count
                    continue
                }
                guard recipient.consents else {
                    report.declined.append(recipient.payeeID)
                    report.skippedStatements += records.count
                    continue
                }
                guard let address = MailAddress(email) else {
                    report.badAddress.append(recipient.payeeID)
                    report.skippedStatements += records.count
                    continue
                }
                let folder = site.appendingPathComponent("payees/\(entry.slug)").path
                for record in records {
                    let id = Self.messageID(record, domain: options.from.domain)
                    let name = id.name
                    let key = MailedPeriods.key(payeeID: record.payeeID, period: record.period)
                    if maildir.has(name) {
                        // (An outbox older than its record, or a run stopped between the two: recorded now.)
                        try mailed.record(key, name: name)
                        report.alreadyDelivered += 1
                        continue
                    }
                    let revised =
                        mailed.mailedBefore(key, other: name)
                        || (!mailed.has(key) && record.version > 1
                            && mailed.startedAfter.map { closing.began(record.period, before: $0) } == true)
                    let message = try message(
                        record, recipient: recipient, address: address, messageID: id.messageID, folder: folder,
                        css: css, wording: strings.wording(for: recipient.locale), online: onlineURL(slug: entry.slug),
                        revised: revised)
                    // Recorded before the message is linked into new/: a line whose message a kill kept out names
                    // that message, and the next run writes it under the same name, still not as a revision.
                    try mailed.record(key, name: name)
                    number += 1
                    let count = number
                    let hook = options.beforeDelivery
                    if try maildir.deliver(name, bytes: message.bytes(), beforeLink: { hook?(count) }) {
                        report.written += 1
                    } else {
                        report.alreadyDelivered += 1
                    }
                }
            }
            try mailed.sync()
            try maildir.sync()
        } catch let error as SystemError {
            throw Failure(description: "outbox: \(error)", isDeviceError: error.isDeviceError, report: report.sorted())
        } catch {
            throw Failure(description: "outbox: \(error)", report: report.sorted())
        }
        return report.sorted()
    }

    /// Whether a payee's period is closed at the run's as-of: its end (the first instant of the business day after
    /// its last, in the payee's zone and with their day start) plus the grace is at or before the as-of.
    struct Closing {
        enum State { case open, grace, closed }

        let calendar: BusinessCalendar?
        let grace: Int64
        let asOf: Int64

        init(recipient: OutboxRecipient, grace: Int64, asOf: Int64) {
            calendar = ZoneClock(identifier: recipient.timeZone).map {
                BusinessCalendar(zone: $0, dayStart: recipient.dayStart)
            }
            self.grace = grace
            self.asOf = asOf
        }

        func state(_ period: Period) -> State {
            // A payee's zone is checked when the payees file is read: without one, a period never closes.
            guard let calendar else { return .open }
            let end = calendar.start(of: period.end)
            if end > asOf { return .open }
            let (closes, overflow) = end.addingReportingOverflow(grace)
            return !overflow && closes <= asOf ? .closed : .grace
        }

        /// Whether the period (its label) had begun, in the payee's zone, before `time` (epoch seconds).
        func began(_ label: String, before time: Int64) -> Bool {
            guard let calendar, let period = Period(label: label) else { return true }
            return calendar.start(of: period.start) < time
        }
    }

    /// The message's `Message-ID` (`<hex>.ledgerpress@domain`) and its file name in the Maildir (`<hex>.ledgerpress`):
    /// a SHA-256 of the statement version.
    static func messageID(_ record: StatementRecord, domain: String) -> (messageID: String, name: String) {
        var digest = DigestBuilder("ledgerpress outbox message 1")
        for text in [record.payeeID, record.period, record.fingerprint, record.firstIssuedAsOf] { digest.text(text) }
        digest.int(record.version)
        let hex = String(digest.finish().suffix(32))
        return ("\(hex).ledgerpress@\(domain)", "\(hex).ledgerpress")
    }

    /// `--site-url`: the address of the payee's own folder (named `slug` in the published site: their link-secret
    /// token with `--link-secret`), nil without it.
    func onlineURL(slug: String) -> String? {
        options.siteURL.map { $0 + "/payees/" + slug + "/" }
    }

    /// One statement version's message; `online`: the payee's folder online (``onlineURL(slug:)``), linked first.
    func message(
        _ record: StatementRecord, recipient: OutboxRecipient, address: MailAddress, messageID: String, folder: String,
        css: String, wording: Wording, online: String? = nil, revised: Bool = false
    ) throws -> MailMessage {
        let label = record.period
        guard let markdown = try SystemFile.read("\(folder)/\(label).md"),
            let page = try SystemFile.read("\(folder)/\(label).html")
        else { throw SystemError("read the statement files of \(label) in", folder, code: ENOENT) }
        var attachments: [MailMessage.Attachment] = []
        if let pdf = try SystemFile.read("\(folder)/\(label).pdf") {
            attachments.append(.init(fileName: "\(label).pdf", contentType: "application/pdf", bytes: Array(pdf)))
        }
        let revision = revised ? Self.revisionNote(record, wording: wording) : nil
        let link = online.map { (href: $0, label: wording["mail_view_online"]) }
        let text =
            (link.map { $0.label + wording["colon"] + " " + $0.href + "\n\n" } ?? "")
            + (revision.map { $0 + "\n\n" } ?? "") + String(decoding: markdown, as: UTF8.self)
        let html = MailHTML.document(
            page: String(decoding: page, as: UTF8.self), css: css, note: revision, link: link)
        let first = RFC3339.parse(record.firstIssuedAsOf) ?? Timestamp(epochSeconds: 0)
        let date =
            Period(label: label).flatMap { recipient.asOf.asOf(before: $0.end.daysSinceEpoch) }
            ?? (first.epochSeconds, Int(first.offsetSeconds))
        let slots = ["issuer": options.fromName, "period": label, "version": String(record.version)]
        let subject = wording.fill(revised ? "mail_subject_revised" : "mail_subject", slots)
        return MailMessage(
            from: (options.fromName, options.from), to: (recipient.name, address), subject: subject,
            date: date, messageID: messageID, text: text, html: html,
            attachments: attachments,
            extraHeaders: [("X-Ledgerpress-Statement", "\(label); version \(record.version)")])
    }

    /// What a revised version says first, in the payee's words: its version and, per currency, the figures before
    /// and now (nil for a first version, which has no earlier figures).
    static func revisionNote(_ record: StatementRecord, wording: Wording) -> String? {
        guard record.version > 1 else { return nil }
        var note = wording.fill("mail_revised", ["version": String(record.version)])
        for change in record.changes {
            let current = StatementRecord.StoredFigures(change.current)
            var slots = [
                "currency": change.current.netActivity.currency.code, "net_after": current.netActivity,
                "balance_after": current.closingBalance,
            ]
            if let previous = change.previous.map(StatementRecord.StoredFigures.init) {
                slots["net_before"] = previous.netActivity
                slots["balance_before"] = previous.closingBalance
                note += " " + wording.fill("mail_change", slots)
            } else {
                note += " " + wording.fill("mail_change_new", slots)
            }
        }
        return note
    }
}
