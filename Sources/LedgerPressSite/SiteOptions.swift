import LedgerPressCore

/// The options that shape a site's content (not where it is written).
public struct SiteOptions: Sendable {
    public var selection: PeriodSelection
    public var issuer: String?
    /// IANA zone for payees without one in the payees file.
    public var defaultTimeZone: String
    public var defaultLocale: String
    /// `SOURCE_DATE_EPOCH`, shown as the build time when set; otherwise no build time appears.
    public var sourceDateEpoch: Int64?
    /// `--as-of`, as given: entries after it were left out.
    public var asOf: String?
    /// How payee folders are named (`--link-secret`): readable slugs by default.
    public var links: PayeeLinks
    /// `--day-start`: when the business day starts for payees without a `day_start` in the payees file.
    public var defaultDayStart: DayStart = .midnight
    /// `--week-start`: the first day of the week for payees without a `week_start` in the payees file.
    public var defaultWeekStart: Weekday = .monday
    /// `--letters`: a signed proof-of-income letter per payee (nil: none).
    public var letters: LetterSettings?

    public init(
        selection: PeriodSelection = PeriodSelection(), issuer: String? = nil, defaultTimeZone: String = "UTC",
        defaultLocale: String = "en_US", sourceDateEpoch: Int64? = nil, asOf: String? = nil,
        links: PayeeLinks = .readable
    ) {
        self.links = links
        self.asOf = asOf
        self.selection = selection
        self.issuer = issuer
        self.defaultTimeZone = defaultTimeZone
        self.defaultLocale = defaultLocale
        self.sourceDateEpoch = sourceDateEpoch
    }
}

/// A ledger source as the manifest records it: its name, the bytes read from it and their SHA-256, its rows.
public struct InputSummary: Sendable, Codable, Equatable {
    /// A file's last path component; another source's own name.
    public var name: String
    public var size: Int
    public var sha256: String
    public var rows: Int
    /// The kind of a source that is not a file (`memory`); nil (and absent from the manifest) for a file.
    public var source: String?

    public init(name: String, size: Int, sha256: String, rows: Int, source: String? = nil) {
        self.name = name
        self.size = size
        self.sha256 = sha256
        self.rows = rows
        self.source = source
    }
}
