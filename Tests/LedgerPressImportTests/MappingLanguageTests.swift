import LedgerPressCore
import Testing

@testable import LedgerPressImport

/// The mapping keys real exports need: row filters, ids, kinds by sign and value, zones and offsets, amounts.
@Suite struct MappingLanguageTests {
    static func mapping(_ yaml: String) throws -> Mapping { try Mapping.parse(yaml, file: "m.yaml") }

    static func read(
        _ csv: String, _ mapping: Mapping, file: String = "in.csv", settings: ImportSettings = ImportSettings()
    ) -> ImportedFile {
        MappedImporter.read(bytes: Array(csv.utf8), file: file, mapping: mapping, settings: settings)
    }

    static let base = """
        timestamp: {columns: [Date], format: "yyyy-MM-dd HH:mm", timezone: UTC}

        """

    // MARK: Filters

    @Test func skipAndKeepLeaveRowsOutCountedPerRuleNeverSilently() throws {
        let mapping = try Self.mapping(
            Self.base + """
                fields: {id: ID, payee_id: {constant: m1}, payee_type: {constant: merchant}, currency: {constant: USD}}
                skip:
                  - {column: Balance Impact, equals: memo}
                  - {column: Status, in: [Pending, Denied]}
                keep:
                  - {column: Note, empty: true}
                entries: [{kind: earning, amount: Net}]
                """)
        let csv = """
            Date,ID,Balance Impact,Status,Note,Net
            2026-10-01 09:00,T1,Credit,Completed,,10.00
            2026-10-01 09:00,T2, Memo ,Completed,,10.00
            2026-10-01 09:00,T3,Credit,pending,,10.00
            2026-10-01 09:00,T4,Credit,Completed,hello,10.00
            2026-10-01 09:00,T5,Debit,Completed,,-2.50

            """
        let result = Self.read(csv, mapping)
        #expect(result.diagnostics.isEmpty)
        #expect(result.entries.map(\.id) == ["T1", "T5"])
        #expect(
            result.skipped == [
                SkippedRows(reason: "by skip[0]: Balance Impact equals memo", count: 1),
                SkippedRows(reason: "by skip[1]: Status in Pending, Denied", count: 1),
                SkippedRows(reason: "by keep[0]: only Note empty", count: 1),
            ])
        #expect(result.rowsRead == 5)
        #expect(result.rows.count + result.rejected.count + result.skippedCount == result.rowsRead)
    }

    @Test func aFilterNeedsOneTestAndAKnownShape() throws {
        #expect(throws: Mapping.Failure.self) {
            try Self.mapping(
                Self.base
                    + "fields: {id: ID, currency: {constant: USD}}\nskip: [{column: A}]\nentries: [{kind: earning, amount: Net}]"
            )
        }
        #expect(throws: Mapping.Failure.self) {
            try Self.mapping(
                Self.base
                    + "fields: {id: ID, currency: {constant: USD}}\nskip: [{column: A, equals: x, in: [y]}]\nentries: [{kind: earning, amount: Net}]"
            )
        }
    }

    // MARK: Ids

    @Test func idsFromSeveralColumnsAndPerRowScope() throws {
        let mapping = try Self.mapping(
            Self.base + """
                fields: {id: {columns: [Order, Type]}, payee_id: {constant: m1}, payee_type: {constant: merchant}, currency: {constant: USD}}
                id_scope: row
                entries: [{kind: earning, amount: Net}]
                """)
        let csv =
            "Date,Order,Type,Net\n2026-10-01 09:00,#1001,charge,10.00\n2026-10-01 09:00,#1001,charge,5.00\n2026-10-01 09:00,#1001,refund,-5.00\n"
        let once = Self.read(csv, mapping)
        #expect(once.entries.map(\.id) == ["#1001/charge#1", "#1001/charge#2", "#1001/refund#1"])
        // The same file read again makes the same ids: the ledger counts it once.
        #expect(Self.read(csv, mapping).entries.map(\.id) == once.entries.map(\.id))
    }

    @Test func lineIdsComeFromTheFilesDigestAndTheLine() throws {
        let mapping = try Self.mapping(
            Self.base + """
                fields: {id: {from: line}, payee_id: {constant: m1}, payee_type: {constant: merchant}, currency: {constant: USD}}
                entries: [{kind: earning, amount: Net}]
                """)
        let csv = "Date,Net\n2026-10-01 09:00,10.00\n2026-10-01 09:00,10.00\n"
        let first = Self.read(csv, mapping).entries.map(\.id)
        #expect(first.count == 2 && first[0] != first[1])
        #expect(first[0].hasSuffix("-L2") && first[1].hasSuffix("-L3"))
        #expect(Self.read(csv, mapping, file: "renamed.csv").entries.map(\.id) == first)
        #expect(Self.read(csv + "2026-10-02 09:00,1.00\n", mapping).entries.map(\.id).prefix(2) != first[...])
    }

    @Test func anEmptyIdCellIsAProblemNamingTheColumn() throws {
        let mapping = try Self.mapping(
            Self.base + """
                fields: {id: Transaction ID, payee_id: {constant: m1}, payee_type: {constant: merchant}, currency: {constant: USD}}
                entries: [{kind: earning, amount: Net}]
                """)
        let result = Self.read("Date,Transaction ID,Net\n2026-10-01 09:00,,10.00\n", mapping)
        #expect(
            result.diagnostics.map(\.message) == [
                "in.csv:2: error: Transaction ID: expected a value (the row's id), got ''"
            ])
    }

    // MARK: Kinds

    @Test func kindsBySignAndByTrimmedCaseInsensitiveValues() throws {
        let mapping = try Self.mapping(
            Self.base + """
                fields: {id: ID, payee_id: {constant: m1}, payee_type: {constant: merchant}, currency: {constant: USD}}
                entries:
                  - kind:
                      column: Type
                      values:
                        Express Checkout Payment: earning
                        General Payment: {positive: earning, negative: adjustment}
                        General Withdrawal: payout
                      otherwise: skip
                    amount: Gross
                  - kind: {sign: {positive: adjustment, negative: fee}}
                    amount: Fee
                """)
        let csv = """
            Date,ID,Type,Gross,Fee
            2026-10-01 09:00,T1,express checkout payment ,10.00,-0.59
            2026-10-01 09:00,T2,General Payment,-4.00,
            2026-10-01 09:00,T3,General Payment,6.00,0.10
            2026-10-01 09:00,T4,Invoice Sent,0.00,
            2026-10-01 09:00,T5,General Withdrawal,-12.00,

            """
        let result = Self.read(csv, mapping)
        #expect(result.diagnostics.isEmpty)
        #expect(
            result.entries.map { "\($0.id) \($0.kind.rawValue) \($0.amount.minorUnits)" } == [
                "T1 earning 1000", "T1:fee fee -59", "T2 adjustment -400", "T3 earning 600",
                "T3:adjustment adjustment 10", "T5 payout -1200",
            ])
        #expect(result.skipped == [SkippedRows(reason: "with Type 'Invoice Sent', which no rule names", count: 1)])
    }

    @Test func aValueNoRuleNamesIsAnErrorUnlessTheMappingSkipsIt() throws {
        let mapping = try Self.mapping(
            Self.base + """
                fields: {id: ID, payee_id: {constant: m1}, payee_type: {constant: merchant}, currency: {constant: USD}}
                entries: [{kind: {column: Type, values: {Sale: earning}}, amount: Gross}]
                """)
        // Also where the amount is empty: a row whose fields slid over by one shows itself so.
        let result = Self.read(
            "Date,ID,Type,Gross\n2026-10-01 09:00,T1,Purchase,-3.00\n2026-10-01 09:00,T2,https://x,\n", mapping)
        #expect(
            result.diagnostics.map(\.message) == [
                "in.csv:2: error: Type: expected one of sale (or an 'otherwise' in the mapping), got 'Purchase'",
                "in.csv:3: error: Type: expected one of sale (or an 'otherwise' in the mapping), got 'https://x'",
            ])
        #expect(result.rejected.count == 2)
    }

    // MARK: Times and zones

    @Test func offsetsInTheTimeWin() throws {
        for (format, text) in [
            ("yyyy-MM-dd HH:mm:ss xx", "2025-06-30 23:32:39 -0400"),
            ("yyyy-MM-ddTHH:mm:ssxxx", "2025-06-30T23:32:39-04:00"),
            ("yyyy-MM-dd HH:mm:ssZ", "2025-07-01 03:32:39Z"),
        ] {
            let mapping = try Self.mapping(
                """
                timestamp: {columns: [When], format: "\(format)", timezone: Asia/Tokyo}
                fields: {id: ID, payee_id: {constant: m1}, payee_type: {constant: merchant}, currency: {constant: USD}}
                entries: [{kind: earning, amount: Net}]
                """)
            let result = Self.read("When,ID,Net\n\"\(text)\",T1,1.00\n", mapping)
            #expect(result.diagnostics.isEmpty, "\(format)")
            #expect(result.entries.first?.occurredAt.epochSeconds == 1_751_340_759, "\(format)")
        }
    }

    @Test func aZoneColumnResolvesAbbreviationsDisplayNamesAndTheMappingsOwnNames() throws {
        let mapping = try Self.mapping(
            """
            timestamp:
              columns: [Date, Time]
              format: "M/d/yyyy h:mm:ss a"
              timezone: {column: Time Zone, names: {Home: "+05:30"}, default: Europe/Berlin}
            fields: {id: ID, payee_id: {constant: m1}, payee_type: {constant: merchant}, currency: {constant: USD}}
            entries: [{kind: earning, amount: Net}]
            """)
        let csv = """
            Date,Time,Time Zone,ID,Net
            11/1/2026,1:30:00 AM,PDT,T1,1.00
            11/1/2026,1:30:00 AM,PST,T2,1.00
            7/4/2026,12:05:00 PM,Pacific Time (US & Canada),T3,1.00
            7/4/2026,12:05:00 PM,home,T4,1.00
            7/4/2026,12:05:00 PM,,T5,1.00
            7/4/2026,12:05:00 PM,America/Denver,T6,1.00
            7/4/2026,12:05:00 PM,Mars,T7,1.00

            """
        let result = Self.read(csv, mapping)
        let times = result.entries.map { ZoneClock.utc.localText($0.occurredAt) }
        #expect(
            times == [
                "2026-11-01T08:30:00+00:00", "2026-11-01T09:30:00+00:00", "2026-07-04T19:05:00+00:00",
                "2026-07-04T06:35:00+00:00", "2026-07-04T10:05:00+00:00",
                "2026-07-04T18:05:00+00:00",
            ])
        #expect(
            result.diagnostics.map(\.message) == [
                "in.csv:8: error: Time Zone: expected a time zone (an IANA name, an abbreviation such as PDT, or a name in the mapping's timestamp.timezone.names), got 'Mars'"
            ])
    }

    @Test func monthNamesAndTwelveHourClocks() throws {
        let parsed = try LocalTimePattern.parse("Jun 30, 2025 11:02 PM", format: "MMM d, yyyy h:mm a").get()
        #expect(
            parsed
                == LocalTimePattern.Parsed(
                    date: CivilDate(year: 2025, month: 6, day: 30)!, secondOfDay: 23 * 3600 + 120, offset: nil))
        #expect(throws: TimestampFailure.self) {
            try LocalTimePattern.parse("13:02 PM 2025-06-30", format: "h:mm a yyyy-MM-dd").get()
        }
        #expect(throws: TimestampFailure.self) {
            try LocalTimePattern.parse("2025-06-30 23:32:39 -04:00", format: "yyyy-MM-dd HH:mm:ss xx").get()
        }
    }

    @Test func zoneNamesResolveToTheirRules() throws {
        if case .offset(let seconds)? = ZoneNames().resolve("EDT") {
            #expect(seconds == -4 * 3600)
        } else {
            Issue.record("EDT")
        }
        if case .clock(let zone)? = ZoneNames().resolve("Eastern Time (US & Canada)") {
            #expect(zone.identifier == "America/New_York")
        } else {
            Issue.record("Eastern Time")
        }
        if case .offset(let seconds)? = ZoneNames().resolve("UTC+5:30") {
            #expect(seconds == 19_800)
        } else {
            Issue.record("UTC+5:30")
        }
        #expect(ZoneNames().resolve("IST") == nil)
    }

    // MARK: Amounts

    @Test func minusBeforeOrAfterTheSymbolParenthesesAndGroups() throws {
        let mapping = try Self.mapping(
            Self.base + """
                currency_symbols: ["$"]
                thousands_separator: ","
                negative_parentheses: true
                fields: {id: ID, payee_id: {constant: m1}, payee_type: {constant: merchant}, currency: {constant: USD}}
                entries: [{kind: earning, amount: Net}]
                """)
        let usd = Currency(code: "USD")!
        for (text, minor) in [
            ("-$14.95", -1495), ("$-14.95", -1495), ("($1,234.50)", -123_450), ("$ 1,234.50", 123_450),
            ("USD 3.00", 300),
        ] {
            #expect(MappedImporter.amount(text, mapping: mapping, currency: usd) == Int64(minor), "\(text)")
        }
        for text in ["--$1.00", "-$-1.00", "(-$1.00)", "$1,23.00", "1.00$1"] {
            #expect(MappedImporter.amount(text, mapping: mapping, currency: usd) == nil, "\(text)")
        }
    }

    @Test func anEntryMayTakeItsCurrencyFromItsOwnColumn() throws {
        let mapping = try Self.mapping(
            Self.base + """
                fields: {id: ID, payee_id: {constant: m1}, payee_type: {constant: merchant}, currency: Currency}
                entries:
                  - {kind: earning, amount: Converted Amount, currency: Converted Currency}
                  - {kind: fee, amount: Fee, sign: negative, currency: Converted Currency}
                """)
        let result = Self.read(
            "Date,ID,Currency,Converted Amount,Converted Currency,Fee\n2026-10-01 09:00,ch_1,eur,10.80,usd,0.61\n",
            mapping)
        #expect(
            result.entries.map { "\($0.kind.rawValue) \(PlainDecimal.format($0.amount)) \($0.amount.currency.code)" }
                == [
                    "earning 10.80 USD", "fee -0.61 USD",
                ])
    }

    // MARK: Payees and empty rows

    @Test func withoutPayeeFieldsTheAccountComesFromThePayeeOption() throws {
        let mapping = try Self.mapping(
            Self.base + """
                fields: {id: ID, currency: {constant: USD}}
                entries: [{kind: earning, amount: Net}]
                """)
        let csv = "Date,ID,Net\n2026-10-01 09:00,T1,1.00\n2026-10-01 09:00,T2,0.00\n"
        let result = Self.read(csv, mapping, settings: ImportSettings(payee: "mer_shop", defaultPayeeType: .merchant))
        #expect(result.entries.map(\.payeeID) == ["mer_shop"])
        #expect(result.usedPayeeOption)
        #expect(result.skipped == [SkippedRows(reason: "with no non-zero amount", count: 1)])
        let missing = Self.read(csv, mapping)
        #expect(
            missing.diagnostics.first?.message
                == "in.csv:2: error: payee_id: expected the account this export belongs to (--payee ACCOUNT or --payee FILE=ACCOUNT), got 'none'"
        )
    }
}
