import Foundation
import LedgerPressCore
import LedgerPressEngine
import LedgerPressImport
import LedgerPressPublish
import LedgerPressRender
import LedgerPressSite
import Testing

/// Output options cannot go stale: every build option and every payees-file column is listed here (a new one
/// fails `everyFieldIsListed` until it is), and changing each one that shapes a payee's pages changes every
/// affected payee's key (so an incremental night renders them again), while each one that does not leaves the
/// site byte for byte as it was.
@Suite struct StaleKeyTests {
    /// One build of the example ledger (without its payees file, so that the default zone and locale apply to
    /// every payee): each payee's key, the manifest's options, and every file.
    struct Result {
        var keys: [String: String] = [:]
        var options = ""
        var files: [String: Data] = [:]
    }

    static func build(
        payees: String? = nil, _ change: (inout BuildOptions) throws -> Void = { _ in }
    ) throws -> Result {
        let fixture = try EngineFixture()
        var options = BuildOptions(defaultTemplates: EngineFixture.templates, workers: 2)
        try change(&options)
        let inputs = BuildInputs(
            sources: [FileSource(path: EngineFixture.example("example-ledger.csv"))],
            payees: payees.map { MemorySource(name: "payees.csv", text: $0) })
        _ = try SiteBuilder(inputs: inputs, options: options).build(into: fixture.url("site"), named: "site")
        var result = Result()
        result.files = fixture.tree("site")
        let manifestBytes = try #require(result.files["manifest.json"])
        let manifest = try #require(try JSONSerialization.jsonObject(with: manifestBytes) as? [String: Any])
        for payee in try #require(manifest["payees"] as? [[String: Any]]) {
            let id = try #require(payee["id"] as? String)
            result.keys[id] = try #require(payee["key"] as? String)
        }
        let recorded = try #require(manifest["options"])
        result.options = String(
            decoding: try JSONSerialization.data(withJSONObject: recorded, options: .sortedKeys), as: UTF8.self)
        return result
    }

    /// The field names of a value, as `Mirror` sees them.
    static func fields(_ value: Any) -> Set<String> { Set(Mirror(reflecting: value).children.compactMap(\.label)) }

    /// What changing each ``SiteOptions`` field does to a payee's pages: all of them shape them.
    static let siteOptionChanges: [String: @Sendable (inout SiteOptions) throws -> Void] = [
        "selection": { $0.selection = PeriodSelection(kinds: [.month]) },
        "issuer": { $0.issuer = "Another Platform" },
        "defaultTimeZone": { $0.defaultTimeZone = "Asia/Tokyo" },
        "defaultLocale": { $0.defaultLocale = "de_DE" },
        "sourceDateEpoch": { $0.sourceDateEpoch = 1_790_000_000 },
        "asOf": { $0.asOf = "2026-11-30T00:00:00Z" },
        "links": { $0.links = try PayeeLinks(secretFile: Array("a secret of more than 16 bytes".utf8)) },
        "defaultDayStart": { $0.defaultDayStart = DayStart(parsing: "04:00") ?? .midnight },
        "defaultWeekStart": { $0.defaultWeekStart = .sunday },
        "letters": {
            // A fixed Ed25519 seed in PKCS#8 PEM, as `openssl genpkey -algorithm ed25519` writes one.
            let der: [UInt8] =
                [0x30, 0x2E, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20]
                + Array(repeating: 7, count: 32)
            let pem = "-----BEGIN PRIVATE KEY-----\n\(Data(der).base64EncodedString())\n-----END PRIVATE KEY-----\n"
            $0.letters = LetterSettings(
                key: try LetterKey(pem: pem, file: "key.pem"), verifyBaseURL: "https://pay.example.com")
        },
    ]

    /// A letters setting with a fixed Ed25519 seed.
    static func letterSettings(seed: UInt8 = 7) throws -> LetterSettings {
        let der: [UInt8] =
            [0x30, 0x2E, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20]
            + Array(repeating: seed, count: 32)
        let pem = "-----BEGIN PRIVATE KEY-----\n\(Data(der).base64EncodedString())\n-----END PRIVATE KEY-----\n"
        return LetterSettings(key: try LetterKey(pem: pem, file: "key.pem"), verifyBaseURL: "https://pay.example.com")
    }

    /// What changing each field of ``LetterSettings`` (as its mirror, which the manifest's options and the keys
    /// are made from, names it) does: every one shapes the letters and their verify pages.
    static let letterSettingChanges: [String: @Sendable (inout LetterSettings) throws -> Void] = [
        "fingerprint": { $0.key = try letterSettings(seed: 8).key },
        "verifyBaseURL": { $0.verifyBaseURL = "https://other.example" },
        "revoked": { $0.revoked = [String(repeating: "ab", count: 32): "issued in error"] },
    ]

    /// The outbox's options are not the site's (``buildOptionEffects``'s `outbox`): each is listed with why.
    static let outboxOptionEffects: [String: String] = [
        "folder": "where the messages go", "from": "the messages' From", "fromName": "the messages' From name",
        "kinds": "which statements are e-mailed", "since": "--deliver-since: which statements are e-mailed",
        "grace": "--deliver-grace: when a closed period's statement is e-mailed", "beforeDelivery": "a test hook",
        "siteURL": "--site-url: the messages' view-online link (SiteURLTests)",
    ]

    @Test func everyLetterAndOutboxFieldIsListedAndEachLetterSettingChangesEveryKey() throws {
        let settings = try Self.letterSettings()
        #expect(Self.fields(settings) == Set(Self.letterSettingChanges.keys))
        let outbox = OutboxOptions(
            folder: URL(fileURLWithPath: "/tmp/outbox"), from: try #require(MailAddress("a@b.example")),
            fromName: "x", kinds: [.month])
        #expect(Self.fields(outbox) == Set(Self.outboxOptionEffects.keys))
        let base = try Self.build { $0.site.letters = settings }
        for (name, change) in Self.letterSettingChanges.sorted(by: { $0.key < $1.key }) {
            var changedSettings = settings
            try change(&changedSettings)
            let changed = try Self.build { [changedSettings] in $0.site.letters = changedSettings }
            #expect(changed.options != base.options, "letters.\(name): the manifest's options do not record it")
            for (id, key) in base.keys {
                #expect(changed.keys[id] != key, "letters.\(name): payee \(id)'s key did not change")
            }
        }
    }

    enum Effect {
        /// Shapes the pages: every payee's key must change.
        case changesKeys((inout BuildOptions) throws -> Void)
        /// Does not shape them: the site must come out byte for byte the same.
        case sameSite((inout BuildOptions) throws -> Void)
        /// Not about what a payee's pages show (why, in words); covered by its own tests.
        case elsewhere(String)
    }

    /// What changing each ``BuildOptions`` field does.
    static func buildOptionEffects(templatesCopy: String) -> [String: Effect] {
        [
            "site": .elsewhere("each field of SiteOptions is changed in siteOptionChanges"),
            "defaultTemplates": .changesKeys { $0.defaultTemplates = templatesCopy },
            "templates": .changesKeys { $0.templates = templatesCopy },
            "mode": .changesKeys { $0.mode = .finance },
            "toolIdentity": .changesKeys { $0.toolIdentity = "another build of ledgerpress" },
            "documents": .changesKeys { $0.documents = StatementDocuments(StatementDocuments.standard.all.dropLast()) },
            "workers": .sameSite { $0.workers = 1 },
            "writers": .sameSite { $0.writers = 3 },
            "importChunkBytes": .sameSite { $0.importChunkBytes = 512 },
            "importCheckpoint": .sameSite { $0.importCheckpoint = false },
            "listInputs": .sameSite { $0.listInputs = true },
            "htmlTally": .sameSite { $0.htmlTally = CPUTally() },
            "adopt": .sameSite { $0.adopt = true },
            "shrinkGuard": .sameSite { $0.shrinkGuard = nil },
            "rejectFile": .elsewhere("quarantine writes a file outside the site; the site is built from the good rows"),
            "shard": .elsewhere("chooses which payees are built, not what their pages show (ShardTests, merge)"),
            "shardSecret": .elsewhere(
                "seals a --shard build's manifests in a file merge never publishes, not what pages show (ShardTrustTests)"
            ),
            "previous": .elsewhere(
                "where earlier versions are read: a statement's version is in its render key (StatementDigest)"),
            "abortAfterFiles": .elsewhere("a test hook that kills the run"),
            "holdBeforePublish": .sameSite { $0.holdBeforePublish = {} },
            "outbox": .elsewhere(
                "writes e-mails into a Maildir outside the site after the publish (OutboxTests: the site is the same)"),
        ]
    }

    @Test func everyFieldIsListed() throws {
        #expect(Self.fields(SiteOptions()) == Set(Self.siteOptionChanges.keys))
        #expect(Self.fields(BuildOptions()) == Set(Self.buildOptionEffects(templatesCopy: "").keys))
        #expect(
            Set(PayeesFileImporter.columns + PayeesFileImporter.optionalColumns) == Set(Self.payeeColumnChanges.keys))
    }

    @Test func eachSiteOptionChangesEveryPayeesKeyAndTheManifestsOptions() throws {
        let base = try Self.build()
        #expect(base.keys.count == 5)
        for (name, change) in Self.siteOptionChanges.sorted(by: { $0.key < $1.key }) {
            let changed = try Self.build { try change(&$0.site) }
            #expect(changed.options != base.options, "\(name): the manifest's options do not record it")
            for (id, key) in base.keys {
                #expect(changed.keys[id] != key, "\(name): payee \(id)'s key did not change")
            }
        }
    }

    @Test func eachBuildOptionChangesEveryKeyOrNothingAtAll() throws {
        let fixture = try EngineFixture()
        // The default templates with one word changed in the drivers' statement.
        let copy = fixture.url("templates").path
        try FileManager.default.copyItem(atPath: EngineFixture.templates, toPath: copy)
        let driver = copy + "/driver.md"
        try (try String(contentsOfFile: driver, encoding: .utf8) + "\n").write(
            toFile: driver, atomically: true, encoding: .utf8)
        let base = try Self.build()
        for (name, effect) in Self.buildOptionEffects(templatesCopy: copy).sorted(by: { $0.key < $1.key }) {
            switch effect {
            case .changesKeys(let change):
                let changed = try Self.build(change)
                for (id, key) in base.keys {
                    #expect(changed.keys[id] != key, "\(name): payee \(id)'s key did not change")
                }
            case .sameSite(let change):
                let changed = try Self.build(change)
                #expect(changed.files == base.files, "\(name) changed the site")
            case .elsewhere:
                continue
            }
        }
    }

    static let payees = """
        payee_id,payee_type,name,email,timezone,locale,day_start,week_start
        drv_ann,driver,Ann Lee,ann@example.com,America/New_York,en_US,,
        drv_jose,driver,José Müller,jose@example.com,Europe/Berlin,de_DE,,
        """

    /// What changing each payees-file column of `drv_ann` does: nil for a column that shapes no page (the site
    /// must stay the same), else the changed row.
    static let payeeColumnChanges: [String: String?] = [
        "payee_id": "drv_ann_2,driver,Ann Lee,ann@example.com,America/New_York,en_US,,",
        "payee_type": nil,
        "name": "drv_ann,driver,Ann Leigh,ann@example.com,America/New_York,en_US,,",
        "email": nil,
        "timezone": "drv_ann,driver,Ann Lee,ann@example.com,America/Chicago,en_US,,",
        "locale": "drv_ann,driver,Ann Lee,ann@example.com,America/New_York,en_GB,,",
        "day_start": "drv_ann,driver,Ann Lee,ann@example.com,America/New_York,en_US,04:00,",
        "week_start": "drv_ann,driver,Ann Lee,ann@example.com,America/New_York,en_US,,sunday",
        // Consent to statements by e-mail (`--outbox`): shapes no page (OutboxTests).
        "email_statements": nil,
    ]

    @Test func eachPayeesFileColumnChangesThatPayeesKeyOnly() throws {
        let base = try Self.build(payees: Self.payees)
        let row = "drv_ann,driver,Ann Lee,ann@example.com,America/New_York,en_US,,"
        // Columns that shape no page: the email is not shown; the type must agree with the ledger's (which is used).
        let email = try Self.build(payees: Self.payees.replacingOccurrences(of: "ann@example.com", with: "a@b.example"))
        #expect(email.files == base.files)
        let untyped = try Self.build(
            payees: Self.payees.replacingOccurrences(
                of: row, with: row.replacingOccurrences(of: ",driver,", with: ",,")))
        #expect(untyped.files == base.files)
        for (column, changed) in Self.payeeColumnChanges.sorted(by: { $0.key < $1.key }) {
            guard let changed else { continue }
            let result = try Self.build(payees: Self.payees.replacingOccurrences(of: row, with: changed))
            #expect(result.keys["drv_ann"] != base.keys["drv_ann"], "\(column): drv_ann's key did not change")
            for (id, key) in base.keys where id != "drv_ann" {
                #expect(result.keys[id] == key, "\(column): payee \(id)'s key changed too")
            }
        }
    }
}
