import LedgerPressCore
import LedgerPressImport
import LedgerPressRender
import LedgerPressSite

/// The types the commands name (their options, results and errors), declared once here so that the executable
/// imports this module alone. Each is the library's own type under its own name.
extension Engine {
    // Periods, dates and zones (`--periods`, `--range`, `--as-of`, `--day-start`, `--week-start`, `--timezone`).
    /// A kind of period statements cover (day, week, month, year, range).
    public typealias PeriodKind = LedgerPressCore.PeriodKind
    /// The period kinds and custom ranges a run builds (`--periods`, `--range`).
    public typealias PeriodSelection = LedgerPressCore.PeriodSelection
    /// A half-open span of civil days (a `--range`).
    public typealias Period = LedgerPressCore.Period
    /// A calendar date without a zone (`--deliver-since`).
    public typealias CivilDate = LedgerPressCore.CivilDate
    /// An IANA time zone (`--timezone`, `--source-timezone`).
    public typealias ZoneClock = LedgerPressCore.ZoneClock
    /// The local time a business day starts at (`--day-start`).
    public typealias DayStart = LedgerPressCore.DayStart
    /// The weekday a week starts on (`--week-start`).
    public typealias Weekday = LedgerPressCore.Weekday
    /// The RFC 3339 timestamp reader (`--as-of`).
    public typealias RFC3339 = LedgerPressCore.RFC3339
    /// Why a timestamp was refused.
    public typealias TimestampFailure = LedgerPressCore.TimestampFailure
    /// The locales money is shown in (`--locale`).
    public typealias MoneyLocale = LedgerPressCore.MoneyLocale
    /// Driver or merchant (`--payee-type`).
    public typealias PayeeType = LedgerPressCore.PayeeType
    /// Lines shown on a terminal (``Diagnostic/visible(_:)``).
    public typealias Diagnostic = LedgerPressCore.Diagnostic

    // Inputs (`--format`).
    /// The import formats, in detection order (`--format` and its help).
    public typealias ImporterRegistry = LedgerPressImport.ImporterRegistry

    // The site's options (`build`, `check`, `merge`).
    /// What the statements cover and show (periods, zone, locale, business days, `--as-of`, links, letters).
    public typealias SiteOptions = LedgerPressSite.SiteOptions
    /// How payee folders are named (`--link-secret`).
    public typealias PayeeLinks = LedgerPressSite.PayeeLinks
    /// A shard I of N (`--shard`).
    public typealias Shard = LedgerPressSite.Shard
    /// How far a run may shrink the published site (`--max-shrink`).
    public typealias ShrinkGuard = LedgerPressSite.ShrinkGuard
    /// The HTML rendering's CPU time, for the run report.
    public typealias CPUTally = LedgerPressSite.CPUTally
    /// What prints `--pdf` (`--pdf-engine`), and what it printed.
    public typealias PDFEngine = LedgerPressSite.PDFEngine
    /// Why a merge published nothing.
    public typealias MergeFailure = LedgerPressSite.MergeFailure

    // Letters (`--letters`, `--signing-key`, `--revoked-letters`).
    /// The letters' key, verify base URL and revocations (`--letters`).
    public typealias LetterSettings = LedgerPressSite.LetterSettings
    /// The letters' Ed25519 signing key (`--signing-key`).
    public typealias LetterKey = LedgerPressSite.LetterKey
    /// The revoked letters file (`--revoked-letters`).
    public typealias RevokedLetters = LedgerPressSite.RevokedLetters

    // The outbox and `send` (the delivery seam: ``DeliveryChannel``).
    /// An e-mail address (`--mail-from`).
    public typealias MailAddress = LedgerPressRender.MailAddress
    /// What `--outbox` delivers, from whom, since when.
    public typealias OutboxOptions = LedgerPressSite.OutboxOptions
    /// What `--outbox` wrote, held and skipped.
    public typealias OutboxReport = LedgerPressSite.OutboxReport
    /// A way `send` hands a message on (the delivery seam).
    public typealias DeliveryChannel = LedgerPressSite.DeliveryChannel
    /// `send --smtp`: SMTP in-process.
    public typealias SMTPChannel = LedgerPressSite.SMTPChannel
    /// `send --sendmail`: a sendmail program.
    public typealias SendmailChannel = LedgerPressSite.SendmailChannel
    /// What `send` did with each message.
    public typealias SendReport = LedgerPressSite.SendReport
}
