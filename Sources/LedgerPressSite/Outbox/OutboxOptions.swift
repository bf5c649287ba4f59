import Foundation
import LedgerPressCore
import LedgerPressRender

/// `--outbox DIR --deliver KINDS --mail-from ADDRESS`: which statements are e-mailed, from whom, and where the
/// messages are written.
public struct OutboxOptions: Sendable {
    /// The Maildir the messages go into (`tmp/`, `new/`, `cur/` are created as needed).
    public var folder: URL
    public var from: MailAddress
    /// The sender's display name (the issuer).
    public var fromName: String
    /// The period kinds whose statements are delivered.
    public var kinds: Set<PeriodKind>
    /// `--deliver-since`: only statements whose `period_end` (the day after their last day, as in
    /// `finance/summary.csv`) is after this date are e-mailed; the others are counted as skipped.
    public var since: CivilDate?
    /// `--deliver-grace`, in seconds: a statement is e-mailed once its period's end (in the payee's zone, the
    /// business-day cutoff included) plus this is at or before the run's as-of (0: as soon as the period is over).
    public var grace: Int64
    /// `--site-url`: where the payees' folders are served (`https://`, no query or fragment, no trailing `/`); each
    /// message then starts with a "view online" link to its payee's own folder, `URL/payees/<folder>/`. Nil: no link.
    public var siteURL: String? = nil
    /// Test hook: called with the message's number (from 1) after it was written to `tmp/` and before it is moved
    /// into `new/` (the CLI's `LEDGERPRESS_TEST_KILL_AFTER_MESSAGES` ends the process there, as a SIGKILL would).
    public var beforeDelivery: (@Sendable (Int) -> Void)?

    public init(
        folder: URL, from: MailAddress, fromName: String, kinds: Set<PeriodKind>, since: CivilDate? = nil,
        grace: Int64 = 0, beforeDelivery: (@Sendable (Int) -> Void)? = nil
    ) {
        self.since = since
        self.grace = grace
        self.folder = folder
        self.from = from
        self.fromName = fromName
        self.kinds = kinds
        self.beforeDelivery = beforeDelivery
    }
}

/// Whom a payee's statements may be e-mailed to: the payees file's `email` and `email_statements`.
public struct OutboxRecipient: Sendable, Equatable {
    public var payeeID: String
    public var name: String
    /// Nil: no address in the payees file (or no payees file).
    public var email: String?
    /// False when `email_statements` says `no`.
    public var consents: Bool
    /// The payee's locale: the words of the messages' subject and fixed texts (`strings/<language>.json`).
    public var locale: String
    /// The as-of time of each of the payee's statements (the messages' `Date`); empty: the statement's first as-of.
    public var asOf: OutboxAsOf
    /// The payee's zone and business-day start: where a period ends for them (``BusinessCalendar/start(of:)``).
    public var timeZone: String
    public var dayStart: DayStart

    public init(
        payeeID: String, name: String, email: String?, consents: Bool, locale: String = "en_US",
        asOf: OutboxAsOf = OutboxAsOf(), timeZone: String = "UTC", dayStart: DayStart = .midnight
    ) {
        self.timeZone = timeZone
        self.dayStart = dayStart
        self.locale = locale
        self.payeeID = payeeID
        self.name = name
        self.email = email
        self.consents = consents
        self.asOf = asOf
    }
}

/// What the outbox did: messages written and already there, and the payees not e-mailed (never guessed).
public struct OutboxReport: Sendable, Equatable {
    public var written = 0
    /// Statement versions whose message was already in `new/` or `cur/`.
    public var alreadyDelivered = 0
    /// Payees with statements to deliver but no e-mail address, sorted.
    public var withoutAddress: [String] = []
    /// Payees whose address is not one ``MailAddress`` accepts, sorted.
    public var badAddress: [String] = []
    /// Payees whose `email_statements` is `no`, sorted.
    public var declined: [String] = []
    /// Statement versions not delivered because of the three lists above.
    public var skippedStatements = 0
    /// Statement versions not delivered because their period ended by `--deliver-since`.
    public var skippedBeforeSince = 0
    /// Statement versions not delivered because their period had not ended by the run's as-of (the running period).
    public var heldOpen = 0
    /// Statement versions not delivered because their period ended less than `--deliver-grace` before the run's as-of.
    public var heldGrace = 0

    public init() {}

    /// Payees not e-mailed, for the count on standard error.
    public var notDelivered: Int { withoutAddress.count + badAddress.count + declined.count }

    /// The report with its lists of payees sorted.
    func sorted() -> OutboxReport {
        var report = self
        report.withoutAddress.sort()
        report.declined.sort()
        report.badAddress.sort()
        return report
    }
}
