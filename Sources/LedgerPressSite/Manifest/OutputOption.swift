import LedgerPressCore
import LedgerPressRender

/// One option that changes output, declared once: its member of the manifest's `options` (``Manifest/Options``),
/// the fields of the run's options it records, the command-line options that set it, the files it changes, and how
/// its value is recorded. The manifest's writer and reader and merge's check that shards agree (``differences``)
/// all go through ``all``, and so do the site's options in a payee's key (``keyFields(of:)``) and the help of the
/// command-line options that set them (``helpLines``, the engine's `OutputSpec`).
///
/// > Note: a new option that changes output is a stored property of ``Manifest/Options`` and one entry in ``all``
/// > (`OutputOptionTests` fails on a property no entry sets, on a field of ``SiteOptions`` no entry records, and on
/// > a flag without its help line).
struct OutputOption {
    /// What a run's options are recorded from: the site's options, the templates and the mode.
    struct RunOptions {
        var site: SiteOptions
        var templates: TemplateSet
        var mode: SitePipeline.Mode
    }

    /// The member of the manifest's `options`.
    let key: String
    /// The fields of the run's options it records: a payee's key reads the site's (``keyFields(of:)``).
    let records: [Field]
    /// The fields it records, as `Type.field` (``SiteOptions``'s, or the build options' in the engine).
    var fields: [String] { records.map(\.name) }
    /// The command-line options (or the environment variable) that set it, each with its help line.
    let flags: [Flag]
    /// The files it changes, and what it is when absent or at its default.
    let affects: String
    /// Its value in the manifest's options.
    let value: Value

    /// A field of the run's options: one of ``SiteOptions`` (its name and path), or one of the engine's build
    /// options (its name).
    enum Field {
        case site(String, PartialKeyPath<SiteOptions>)
        case build(String)

        /// `SiteOptions.field` or `BuildOptions.field`.
        var name: String {
            switch self {
            case .site(let field, _): "SiteOptions." + field
            case .build(let field): "BuildOptions." + field
            }
        }
    }

    /// A command-line option (`--periods`) or environment variable (`SOURCE_DATE_EPOCH`) that sets an output option,
    /// and the line its help shows (the CLI's `--help` takes it through the engine's `OutputSpec`).
    struct Flag {
        let name: String
        let help: String

        init(_ name: String, help: String) {
            self.name = name
            self.help = help
        }

        /// `--link-secret`, which sets two options (``all``: `link_key_id`, `payee_folders`).
        static let linkSecret = Flag(
            "--link-secret",
            help: "A file holding a secret (at least 16 bytes; a trailing newline is ignored): each payee's folder "
                + "becomes an HMAC-SHA256 token of their id, which only the secret's holder can compute. "
                + "Default: $LEDGERPRESS_LINK_SECRET_FILE, else readable folder names.")
    }

    /// The member of ``Manifest/Options`` that holds the option, by its JSON type; an optional one is absent from
    /// the manifest when nil.
    enum Value {
        case text(WritableKeyPath<Manifest.Options, String>)
        case optionalText(WritableKeyPath<Manifest.Options, String?>)
        case texts(WritableKeyPath<Manifest.Options, [String]>)
        case optionalNumber(WritableKeyPath<Manifest.Options, Int64?>)
    }

    /// A member of the manifest's `options` as a coding key.
    struct Key: CodingKey {
        let stringValue: String
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.init(stringValue) }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    /// How the option's value is taken from a run's options.
    let record: (inout Manifest.Options, RunOptions) -> Void

    init<Member>(
        _ key: String, _ member: WritableKeyPath<Manifest.Options, Member>, records: [Field], flags: [Flag],
        affects: String, from value: @escaping (RunOptions) -> Member
    ) {
        self.key = key
        self.records = records
        self.flags = flags
        self.affects = affects
        switch member {
        case let member as WritableKeyPath<Manifest.Options, String>: self.value = .text(member)
        case let member as WritableKeyPath<Manifest.Options, String?>: self.value = .optionalText(member)
        case let member as WritableKeyPath<Manifest.Options, [String]>: self.value = .texts(member)
        case let member as WritableKeyPath<Manifest.Options, Int64?>: self.value = .optionalNumber(member)
        default: preconditionFailure("output option \(key): no JSON form for \(Member.self)")
        }
        self.record = { options, source in options[keyPath: member] = value(source) }
    }

    /// Every option that changes output, in the order of their keys (the manifest's order).
    static var all: [OutputOption] {
        [
            OutputOption(
                "as_of", \.asOf, records: [.site("asOf", \.asOf)],
                flags: [
                    Flag(
                        "--as-of",
                        help: "Build the site as it stood at this RFC 3339 instant: later entries are left out.")
                ],
                affects: "every statement, the finance CSVs and index (entries after it are left out); absent: all"
            ) { $0.site.asOf },
            OutputOption(
                "default_day_start", \.defaultDayStart, records: [.site("defaultDayStart", \.defaultDayStart)],
                flags: [
                    Flag(
                        "--day-start",
                        help:
                            "The local time each payee's business day starts at (default 00:00): with 04:00 the day 2026-10-14 runs "
                            + "from 04:00 on the 14th to 04:00 on the 15th, and every period is made of such days.")
                ],
                affects: "the statements of payees without a day_start; absent: 00:00"
            ) { $0.site.defaultDayStart.isMidnight ? nil : $0.site.defaultDayStart.description },
            OutputOption(
                "default_locale", \.defaultLocale, records: [.site("defaultLocale", \.defaultLocale)],
                flags: [
                    Flag(
                        "--locale",
                        help: "Locale for payees without one in the payees file (money display).")
                ],
                affects: "the statements of payees without a locale"
            ) { $0.site.defaultLocale },
            OutputOption(
                "default_timezone", \.defaultTimeZone, records: [.site("defaultTimeZone", \.defaultTimeZone)],
                flags: [
                    Flag(
                        "--timezone",
                        help: "IANA time zone for payees without one in the payees file.")
                ], affects: "the statements of payees without a timezone"
            ) { $0.site.defaultTimeZone },
            OutputOption(
                "default_week_start", \.defaultWeekStart, records: [.site("defaultWeekStart", \.defaultWeekStart)],
                flags: [
                    Flag(
                        "--week-start",
                        help:
                            "The weekday each payee's week starts on (default monday: ISO weeks, 2026-W43); weeks from another day "
                            + "are named by their first day (2026-10-11-week).")
                ], affects: "the week statements of payees without a week_start; absent: monday"
            ) { $0.site.defaultWeekStart == .monday ? nil : $0.site.defaultWeekStart.rawValue },
            OutputOption(
                "issuer", \.issuer, records: [.site("issuer", \.issuer)],
                flags: [
                    Flag(
                        "--issuer",
                        help: "The platform's name, shown on every statement.")
                ],
                affects: "every statement and page; absent: none named"
            ) { $0.site.issuer },
            OutputOption(
                "letter_key_id", \.letterKeyID, records: [.site("letters", \.letters)],
                flags: [
                    Flag(
                        "--letters",
                        help:
                            "Write a proof-of-income letter per payee (payees/<folder>/income-letter.html and .json), signed with "
                            + "--signing-key, with a verify page under --verify-base-url."),
                    Flag(
                        "--signing-key",
                        help:
                            "The letters' Ed25519 private key, PEM (PKCS#8), as `openssl genpkey -algorithm ed25519` writes it; "
                            + "readable by its owner alone (chmod 600)."),
                ],
                affects: "the income letters, their verify pages and keys/; absent: no letters"
            ) { $0.site.letters?.key.keyID },
            OutputOption(
                "letter_revoked", \.letterRevoked, records: [.site("letters", \.letters)],
                flags: [
                    Flag(
                        "--revoked-letters",
                        help:
                            "Letters to mark revoked on their verify pages: one `SHA256 [reason]` a line (# comments).")
                ],
                affects: "the verify pages of revoked letters (a SHA-256 of the revocations); absent: none revoked"
            ) { $0.site.letters.flatMap { $0.revoked.isEmpty ? nil : $0.revokedDigest } },
            OutputOption(
                "letter_verify_base_url", \.letterVerifyBaseURL, records: [.site("letters", \.letters)],
                flags: [
                    Flag(
                        "--verify-base-url",
                        help:
                            "Where the site is served (no query or fragment): each letter's QR code and short URL lead to "
                            + "URL/v/<short>.html, its verify page is URL/verify/<sha256>.html.")
                ], affects: "the income letters' verify links; absent: no letters"
            ) { $0.site.letters?.verifyBaseURL },
            OutputOption(
                "link_key_id", \.linkKeyID, records: [.site("links", \.links)], flags: [.linkSecret],
                affects: "every payee folder's name and the links to it (the secret's key id, never the secret)"
            ) { $0.site.links.keyID },
            OutputOption(
                "only", \.only, records: [.build("mode")],
                flags: [
                    Flag(
                        "--only",
                        help:
                            "Build only part of the site: `finance` writes finance/summary.csv, lines.csv and revisions.csv (and the "
                            + "manifests), no statement files.")
                ],
                affects: "which files are written (`finance`: the finance CSVs and manifests only); absent: the site"
            ) { $0.mode == .site ? nil : $0.mode.rawValue },
            OutputOption(
                "payee_folders", \.payeeFolders, records: [.site("links", \.links)], flags: [.linkSecret],
                affects: "every payee folder's name (`hmac-sha256`); absent: readable slugs"
            ) { $0.site.links.isHMAC ? "hmac-sha256" : nil },
            OutputOption(
                "periods", \.periods, records: [.site("selection", \.selection)],
                flags: [
                    Flag(
                        "--periods",
                        help: "Period kinds, comma-separated: "
                            + PeriodKind.calendarKinds.map(\.rawValue).joined(separator: ", ") + ".")
                ],
                affects: "which statements are written, the finance CSVs and index"
            ) { $0.site.selection.kinds.map(\.rawValue) },
            OutputOption(
                "ranges", \.ranges, records: [.site("selection", \.selection)],
                flags: [
                    Flag(
                        "--range",
                        help: "A custom range A..B, both dates inclusive (repeatable), e.g. 2026-10-01..2026-10-15.")
                ],
                affects: "the range statements, the finance CSVs and index"
            ) { $0.site.selection.ranges.map(\.label) },
            OutputOption(
                "source_date_epoch", \.sourceDateEpoch, records: [.site("sourceDateEpoch", \.sourceDateEpoch)],
                flags: [
                    Flag(
                        "SOURCE_DATE_EPOCH",
                        help: "The build time shown on every page, in seconds since 1970-01-01 UTC; unset: none shown.")
                ], affects: "the build time on every page; absent: none shown"
            ) { $0.site.sourceDateEpoch },
            OutputOption(
                "templates", \.templates, records: [.build("templates"), .build("defaultTemplates")],
                flags: [
                    Flag(
                        "--templates",
                        help:
                            "A folder of templates that replace the defaults file by file (driver.md, merchant.md, layout.html, ...)."
                    )
                ], affects: "every page (a SHA-256 over the template files' names and texts)"
            ) { Manifest.Options.templatesDigest($0.templates) },
        ]
    }
}

extension Manifest.Options {
    /// The keys of the options on which `self` and `other` differ, in the manifest's order.
    func differences(from other: Manifest.Options) -> [String] {
        OutputOption.all.compactMap { option in
            let same =
                switch option.value {
                case .text(let member): self[keyPath: member] == other[keyPath: member]
                case .optionalText(let member): self[keyPath: member] == other[keyPath: member]
                case .texts(let member): self[keyPath: member] == other[keyPath: member]
                case .optionalNumber(let member): self[keyPath: member] == other[keyPath: member]
                }
            return same ? nil : option.key
        }
    }
}

extension OutputOption {
    /// The site's options as a payee's key reads them: each field of ``SiteOptions`` that a declaration records,
    /// once, in the order the type stores them, every stored value as it is (``ReflectedFields``), so that two runs
    /// whose options differ in any recorded field render every payee again. The same text, field for field, as
    /// `ReflectedFields.of(options)` when every field is recorded (as `OutputOptionTests` checks), so keys did not
    /// change when they came to be derived from ``all``.
    static func keyFields(of options: SiteOptions) -> [String] {
        var recorded: [String: PartialKeyPath<SiteOptions>] = [:]
        for option in all {
            for case .site(let field, let path) in option.records { recorded[field] = path }
        }
        let order = Mirror(reflecting: options).children.compactMap(\.label)
        return order.flatMap { field in
            recorded[field].map { ReflectedFields.of(options[keyPath: $0], at: "." + field) } ?? []
        }
    }

    /// Each flag's help line, by the flag's name, as the declarations give them (a flag that sets two options is
    /// one ``Flag`` value, declared once).
    static var helpLines: [String: String] {
        var lines: [String: String] = [:]
        for option in all {
            for flag in option.flags { lines[flag.name] = flag.help }
        }
        return lines
    }
}

/// The command-line options and environment variables that change output, with their help lines, as
/// ``OutputOption/all`` declares them: what the engine's `OutputSpec` hands the CLI.
public enum OutputFlags {
    /// Each flag's help line, by its name (`--periods`, `SOURCE_DATE_EPOCH`).
    public static var helpLines: [String: String] { OutputOption.helpLines }
}
