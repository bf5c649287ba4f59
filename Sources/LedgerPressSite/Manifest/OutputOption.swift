import LedgerPressRender

/// One option that changes output, declared once: its member of the manifest's `options` (``Manifest/Options``),
/// the fields of the run's options it records, the command-line options that set it, the files it changes, and how
/// its value is recorded. The manifest's writer and reader and merge's check that shards agree (``differences``)
/// all go through ``all``; a payee's key takes every field of ``SiteOptions`` as it is (``OutputFields``).
///
/// > Note: a new option that changes output is a stored property of ``Manifest/Options`` and one entry in ``all``
/// > (`OutputOptionTests` fails on a property no entry sets, and on a field of ``SiteOptions`` no entry records).
struct OutputOption {
    /// What a run's options are recorded from: the site's options, the templates and the mode.
    struct Source {
        var site: SiteOptions
        var templates: TemplateSet
        var mode: SitePipeline.Mode
    }

    /// The member of the manifest's `options`.
    let key: String
    /// The fields it records, as `Type.field` (``SiteOptions``'s, or the build options' in the engine).
    let fields: [String]
    /// The command-line options that set it.
    let flags: [String]
    /// The files it changes, and what it is when absent or at its default.
    let affects: String
    /// Its value in the manifest's options.
    let value: Value

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
    let record: (inout Manifest.Options, Source) -> Void

    init<Member>(
        _ key: String, _ member: WritableKeyPath<Manifest.Options, Member>, fields: [String], flags: [String],
        affects: String, from value: @escaping (Source) -> Member
    ) {
        self.key = key
        self.fields = fields
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
                "as_of", \.asOf, fields: ["SiteOptions.asOf"], flags: ["--as-of"],
                affects: "every statement, the finance CSVs and index (entries after it are left out); absent: all"
            ) { $0.site.asOf },
            OutputOption(
                "default_day_start", \.defaultDayStart, fields: ["SiteOptions.defaultDayStart"], flags: ["--day-start"],
                affects: "the statements of payees without a day_start; absent: 00:00"
            ) { $0.site.defaultDayStart.isMidnight ? nil : $0.site.defaultDayStart.description },
            OutputOption(
                "default_locale", \.defaultLocale, fields: ["SiteOptions.defaultLocale"], flags: ["--locale"],
                affects: "the statements of payees without a locale"
            ) { $0.site.defaultLocale },
            OutputOption(
                "default_timezone", \.defaultTimeZone, fields: ["SiteOptions.defaultTimeZone"],
                flags: ["--timezone"], affects: "the statements of payees without a timezone"
            ) { $0.site.defaultTimeZone },
            OutputOption(
                "default_week_start", \.defaultWeekStart, fields: ["SiteOptions.defaultWeekStart"],
                flags: ["--week-start"], affects: "the week statements of payees without a week_start; absent: monday"
            ) { $0.site.defaultWeekStart == .monday ? nil : $0.site.defaultWeekStart.rawValue },
            OutputOption(
                "issuer", \.issuer, fields: ["SiteOptions.issuer"], flags: ["--issuer"],
                affects: "every statement and page; absent: none named"
            ) { $0.site.issuer },
            OutputOption(
                "letter_key_id", \.letterKeyID, fields: ["SiteOptions.letters"], flags: ["--letters", "--signing-key"],
                affects: "the income letters, their verify pages and keys/; absent: no letters"
            ) { $0.site.letters?.key.keyID },
            OutputOption(
                "letter_revoked", \.letterRevoked, fields: ["SiteOptions.letters"], flags: ["--revoked-letters"],
                affects: "the verify pages of revoked letters (a SHA-256 of the revocations); absent: none revoked"
            ) { $0.site.letters.flatMap { $0.revoked.isEmpty ? nil : $0.revokedDigest } },
            OutputOption(
                "letter_verify_base_url", \.letterVerifyBaseURL, fields: ["SiteOptions.letters"],
                flags: ["--verify-base-url"], affects: "the income letters' verify links; absent: no letters"
            ) { $0.site.letters?.verifyBaseURL },
            OutputOption(
                "link_key_id", \.linkKeyID, fields: ["SiteOptions.links"], flags: ["--link-secret"],
                affects: "every payee folder's name and the links to it (the secret's key id, never the secret)"
            ) { $0.site.links.keyID },
            OutputOption(
                "only", \.only, fields: ["BuildOptions.mode"], flags: ["--only"],
                affects: "which files are written (`finance`: the finance CSVs and manifests only); absent: the site"
            ) { $0.mode == .site ? nil : $0.mode.rawValue },
            OutputOption(
                "payee_folders", \.payeeFolders, fields: ["SiteOptions.links"], flags: ["--link-secret"],
                affects: "every payee folder's name (`hmac-sha256`); absent: readable slugs"
            ) { $0.site.links.isHMAC ? "hmac-sha256" : nil },
            OutputOption(
                "periods", \.periods, fields: ["SiteOptions.selection"], flags: ["--periods"],
                affects: "which statements are written, the finance CSVs and index"
            ) { $0.site.selection.kinds.map(\.rawValue) },
            OutputOption(
                "ranges", \.ranges, fields: ["SiteOptions.selection"], flags: ["--range"],
                affects: "the range statements, the finance CSVs and index"
            ) { $0.site.selection.ranges.map(\.label) },
            OutputOption(
                "source_date_epoch", \.sourceDateEpoch, fields: ["SiteOptions.sourceDateEpoch"],
                flags: ["SOURCE_DATE_EPOCH"], affects: "the build time on every page; absent: none shown"
            ) { $0.site.sourceDateEpoch },
            OutputOption(
                "templates", \.templates, fields: ["BuildOptions.templates", "BuildOptions.defaultTemplates"],
                flags: ["--templates"], affects: "every page (a SHA-256 over the template files' names and texts)"
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
