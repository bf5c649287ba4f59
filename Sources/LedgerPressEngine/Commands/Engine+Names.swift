import LedgerPressCore
import LedgerPressImport
import LedgerPressRender
import LedgerPressSite

/// The types the commands name (their options, results and errors), declared once here so that the executable
/// imports this module alone. Each is the library's own type under its own name.
extension Engine {
    // Periods, dates and zones (`--periods`, `--range`, `--as-of`, `--day-start`, `--week-start`, `--timezone`).
    public typealias PeriodKind = LedgerPressCore.PeriodKind
    public typealias PeriodSelection = LedgerPressCore.PeriodSelection
    public typealias Period = LedgerPressCore.Period
    public typealias CivilDate = LedgerPressCore.CivilDate
    public typealias ZoneClock = LedgerPressCore.ZoneClock
    public typealias DayStart = LedgerPressCore.DayStart
    public typealias Weekday = LedgerPressCore.Weekday
    public typealias RFC3339 = LedgerPressCore.RFC3339
    public typealias TimestampFailure = LedgerPressCore.TimestampFailure
    public typealias MoneyLocale = LedgerPressCore.MoneyLocale
    public typealias PayeeType = LedgerPressCore.PayeeType
    /// Lines shown on a terminal (``Diagnostic/visible(_:)``).
    public typealias Diagnostic = LedgerPressCore.Diagnostic

    // Inputs (`--format`).
    public typealias ImporterRegistry = LedgerPressImport.ImporterRegistry

    // The site's options (`build`, `check`, `merge`).
    public typealias SiteOptions = LedgerPressSite.SiteOptions
    public typealias PayeeLinks = LedgerPressSite.PayeeLinks
    public typealias Shard = LedgerPressSite.Shard
    public typealias ShrinkGuard = LedgerPressSite.ShrinkGuard
    public typealias CPUTally = LedgerPressSite.CPUTally
    public typealias PDFEngine = LedgerPressSite.PDFEngine
    public typealias MergeFailure = LedgerPressSite.MergeFailure

    // Letters (`--letters`, `--signing-key`, `--revoked-letters`).
    public typealias LetterSettings = LedgerPressSite.LetterSettings
    public typealias LetterKey = LedgerPressSite.LetterKey
    public typealias RevokedLetters = LedgerPressSite.RevokedLetters

    // The outbox and `send` (the delivery seam: ``DeliveryChannel``).
    public typealias MailAddress = LedgerPressRender.MailAddress
    public typealias OutboxOptions = LedgerPressSite.OutboxOptions
    public typealias OutboxReport = LedgerPressSite.OutboxReport
    public typealias DeliveryChannel = LedgerPressSite.DeliveryChannel
    public typealias SMTPChannel = LedgerPressSite.SMTPChannel
    public typealias SendmailChannel = LedgerPressSite.SendmailChannel
    public typealias SendReport = LedgerPressSite.SendReport
}
