import Foundation
import LedgerPressCore
import LedgerPressRender
import Testing

@testable import LedgerPressSite

/// Every option that changes output is declared once (``OutputOption/all``): a member of the manifest's options
/// or a field of ``SiteOptions`` that no declaration covers fails here, and the manifest's JSON, its reader and
/// merge's comparison all follow the declarations.
@Suite struct OutputOptionTests {
    static func base() throws -> Manifest.Options {
        Manifest.Options(SiteOptions(), templates: try ChartFiguresTests.templates())
    }

    /// `options` with the declared option's member set to a value no run records.
    static func probe(_ option: OutputOption, of options: Manifest.Options) -> Manifest.Options {
        var probed = options
        switch option.value {
        case .text(let member): probed[keyPath: member] = "probe \(option.key)"
        case .optionalText(let member): probed[keyPath: member] = "probe \(option.key)"
        case .texts(let member): probed[keyPath: member] = ["probe", option.key]
        case .optionalNumber(let member): probed[keyPath: member] = -42
        }
        return probed
    }

    /// Each stored member's value, by name, as `Mirror` sees it.
    static func members(_ value: Any) -> [String: String] {
        var members: [String: String] = [:]
        for child in Mirror(reflecting: value).children {
            guard let label = child.label else { continue }
            members[label] = String(reflecting: child.value)
        }
        return members
    }

    @Test func everyMemberOfTheManifestsOptionsIsDeclaredOnce() throws {
        let base = try Self.base()
        let before = Self.members(base)
        var declared: [String: String] = [:]
        for option in OutputOption.all {
            let after = Self.members(Self.probe(option, of: base))
            let changed = after.keys.filter { after[$0] != before[$0] }
            #expect(changed.count == 1, "\(option.key) sets \(changed), expected one member")
            for member in changed {
                #expect(declared[member] == nil, "\(member): declared by \(declared[member] ?? "") and \(option.key)")
                declared[member] = option.key
            }
        }
        let undeclared = Set(before.keys).subtracting(declared.keys)
        #expect(undeclared.isEmpty, "members of Manifest.Options no OutputOption declares: \(undeclared.sorted())")
    }

    @Test func everyDeclarationIsComplete() {
        let keys = OutputOption.all.map(\.key)
        #expect(Set(keys).count == keys.count, "a key is declared twice: \(keys)")
        for option in OutputOption.all {
            #expect(!option.fields.isEmpty && !option.flags.isEmpty && !option.affects.isEmpty, "\(option.key)")
            #expect(option.key.allSatisfy { $0.isLowercase || $0 == "_" }, "\(option.key): expected snake_case")
        }
    }

    /// A field of the site's options that no declaration records is one shards could disagree on unseen.
    @Test func everyFieldOfTheSiteOptionsIsRecordedByADeclaredOption() {
        let fields = Set(Mirror(reflecting: SiteOptions()).children.compactMap(\.label).map { "SiteOptions." + $0 })
        let recorded = Set(OutputOption.all.flatMap(\.fields).filter { $0.hasPrefix("SiteOptions.") })
        #expect(fields.subtracting(recorded).isEmpty, "not recorded: \(fields.subtracting(recorded).sorted())")
        #expect(recorded.subtracting(fields).isEmpty, "no such field: \(recorded.subtracting(fields).sorted())")
    }

    @Test func theManifestWritesAndReadsEachDeclaredOption() throws {
        let base = try Self.base()
        for options in [base] + OutputOption.all.map({ Self.probe($0, of: base) }) {
            var json = PrettyJSON(capacity: 1_024)
            options.write(to: &json)
            let written = json.finish()
            #expect(written == (try ManifestJSON.encode(options)))
            #expect(try JSONDecoder().decode(Manifest.Options.self, from: written) == options)
        }
        // The members that are not optional must be there.
        let missing = try JSONDecoder().decode([String: JSONValueProbe].self, from: ManifestJSON.encode(base))
        for key in ["default_locale", "default_timezone", "periods", "ranges", "templates"] {
            var object = missing
            object[key] = nil
            #expect(throws: DecodingError.self, "\(key)") {
                try JSONDecoder().decode(Manifest.Options.self, from: try JSONEncoder().encode(object))
            }
        }
    }

    /// A site's options with every field away from its default.
    static func everyFieldSet() throws -> SiteOptions {
        // A fixed Ed25519 seed in PKCS#8 PEM, as `openssl genpkey -algorithm ed25519` writes one.
        let der: [UInt8] =
            [0x30, 0x2E, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20]
            + Array(repeating: 7, count: 32)
        let pem = "-----BEGIN PRIVATE KEY-----\n\(Data(der).base64EncodedString())\n-----END PRIVATE KEY-----\n"
        var options = SiteOptions(
            selection: PeriodSelection(
                kinds: [.month], ranges: [try #require(PeriodSelection.parseRange("2026-10-01..2026-10-15"))]),
            issuer: "Platform", defaultTimeZone: "Asia/Tokyo", defaultLocale: "de_DE", sourceDateEpoch: 1_790_000_000,
            asOf: "2026-11-30T00:00:00Z",
            links: try PayeeLinks(secretFile: Array("a secret of more than 16 bytes".utf8)))
        options.defaultDayStart = try #require(DayStart(parsing: "04:00"))
        options.defaultWeekStart = .sunday
        options.letters = LetterSettings(
            key: try LetterKey(pem: pem, file: "key.pem"), verifyBaseURL: "https://pay.example.com",
            revoked: [String(repeating: "ab", count: 32): "issued in error"])
        return options
    }

    /// A payee's key reads the site's options through the declarations, and reads every field as it was read
    /// before (every stored value, as ``ReflectedFields`` lists it): keys did not change when they came to be
    /// derived, and a field no declaration records is missing here.
    @Test func aPayeesKeyReadsEveryDeclaredFieldOfTheSiteOptions() throws {
        for options in [SiteOptions(), try Self.everyFieldSet()] {
            let fields = OutputOption.keyFields(of: options)
            #expect(fields == ReflectedFields.of(options))
            #expect(fields.contains { $0.hasPrefix(".letters?.") } == (options.letters != nil))
        }
    }

    /// Each declared field of the site's options is read by its path: the name and the path agree.
    @Test func eachDeclaredSiteFieldsPathReadsTheFieldItNames() throws {
        let options = try Self.everyFieldSet()
        let members = Self.members(options)
        for option in OutputOption.all {
            for case .site(let name, let path) in option.records {
                #expect(String(reflecting: options[keyPath: path]) == members[name], "\(option.key): \(name)")
            }
        }
    }

    /// Every flag that sets an output option has one help line (the CLI's `--help` shows it: `HelpTests`).
    @Test func everyFlagHasOneHelpLine() {
        var lines: [String: String] = [:]
        for option in OutputOption.all {
            for flag in option.flags {
                #expect(flag.help.count > 20 && flag.help.hasSuffix("."), "\(flag.name): \(flag.help)")
                #expect(flag.name.hasPrefix("--") || flag.name.allSatisfy { $0.isUppercase || $0 == "_" })
                if let line = lines[flag.name] { #expect(line == flag.help, "\(flag.name): two help lines") }
                lines[flag.name] = flag.help
            }
        }
        #expect(OutputFlags.helpLines == lines)
    }

    @Test func mergesComparisonNamesEachOptionThatDiffers() throws {
        let base = try Self.base()
        #expect(base.differences(from: base).isEmpty)
        for option in OutputOption.all {
            #expect(Self.probe(option, of: base).differences(from: base) == [option.key])
        }
    }
}

/// Any JSON value, kept as it was read.
enum JSONValueProbe: Codable, Equatable {
    case text(String)
    case texts([String])
    case number(Int64)

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            self = .text(text)
        } else if let number = try? container.decode(Int64.self) {
            self = .number(number)
        } else {
            self = .texts(try container.decode([String].self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .text(let text): try container.encode(text)
        case .texts(let texts): try container.encode(texts)
        case .number(let number): try container.encode(number)
        }
    }
}
