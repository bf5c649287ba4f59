import LedgerPressEngine

// The library's types the commands name, by their own names: each is declared in LedgerPressEngine (``Engine``),
// the one module this executable imports besides ArgumentParser.
typealias PeriodKind = Engine.PeriodKind
typealias PeriodSelection = Engine.PeriodSelection
typealias Period = Engine.Period
typealias CivilDate = Engine.CivilDate
typealias ZoneClock = Engine.ZoneClock
typealias DayStart = Engine.DayStart
typealias Weekday = Engine.Weekday
typealias RFC3339 = Engine.RFC3339
typealias TimestampFailure = Engine.TimestampFailure
typealias MoneyLocale = Engine.MoneyLocale
typealias PayeeType = Engine.PayeeType
typealias ImporterRegistry = Engine.ImporterRegistry
typealias SiteOptions = Engine.SiteOptions
typealias PayeeLinks = Engine.PayeeLinks
typealias Shard = Engine.Shard
typealias ShrinkGuard = Engine.ShrinkGuard
typealias CPUTally = Engine.CPUTally
typealias PDFEngine = Engine.PDFEngine
typealias LetterSettings = Engine.LetterSettings
typealias LetterKey = Engine.LetterKey
typealias RevokedLetters = Engine.RevokedLetters
typealias MailAddress = Engine.MailAddress
typealias OutboxOptions = Engine.OutboxOptions
typealias OutboxReport = Engine.OutboxReport
typealias DeliveryChannel = Engine.DeliveryChannel
typealias SMTPChannel = Engine.SMTPChannel
typealias SendmailChannel = Engine.SendmailChannel
typealias SendReport = Engine.SendReport
