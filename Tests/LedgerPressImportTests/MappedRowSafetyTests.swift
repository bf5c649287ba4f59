import LedgerPressCore
import Testing

@testable import LedgerPressImport

/// Mapped rows: every entry of a row keeps its own id, and thousands separators stand only in valid groups.
@Suite struct MappedRowSafetyTests {
    static func mapping(entries: String, thousands: String = ",", decimal: String = ".") throws -> Mapping {
        try Mapping.parse(
            """
            name: paypal
            decimal_separator: "\(decimal)"
            thousands_separator: "\(thousands)"
            currency_symbols: ["$", "€"]
            negative_parentheses: true
            timestamp: {columns: [Date], format: "yyyy-MM-dd HH:mm", timezone: UTC}
            fields: {id: ID, payee_id: {constant: m1}, payee_type: {constant: merchant}, currency: {constant: USD}}
            entries: \(entries)

            """, file: "m.yaml")
    }

    static func read(_ csv: String, _ mapping: Mapping) -> ImportedFile {
        MappedImporter.read(bytes: Array(csv.utf8), file: "paypal.csv", mapping: mapping)
    }

    // MARK: Entry ids

    @Test func twoEntriesOfARowWithTheSameIdAreAnErrorNamingTheMappingEntry() throws {
        let mapping = try Self.mapping(
            entries: """
                [{kind: earning, amount: Gross}, {kind: {column: Type, values: {Sale: earning, Fee: fee}}, amount: Extra}, {kind: fee, amount: Fee}]
                """)
        let csv =
            "Date,ID,Type,Gross,Extra,Fee\n2026-10-01 09:00,T0,Sale,10.00,1.00,\n2026-10-01 09:00,T1,Fee,10.00,-1.00,-0.50\n"
        let result = Self.read(csv, mapping)
        #expect(
            result.diagnostics.map(\.message) == [
                "paypal.csv:3: error: entries[2]: expected a distinct id for each entry of a row (entries[1] and entries[2] both make a fee entry), got 'T1:fee'"
            ])
        // The first row is fine (T0, T0:earning); the second is refused whole, nothing of it merged away.
        #expect(result.entries.map(\.id) == ["T0", "T0:earning"])
        #expect(result.rejected.map(\.line) == [3])
    }

    @Test func aMappingWhoseFixedKindsCanCollideIsRefusedWhenLoaded() throws {
        #expect(throws: Mapping.Failure.self) {
            try Self.mapping(
                entries: "[{kind: earning, amount: Gross}, {kind: fee, amount: Fee}, {kind: fee, amount: Other}]")
        }
        do {
            _ = try Self.mapping(
                entries: "[{kind: earning, amount: Gross}, {kind: fee, amount: Fee}, {kind: fee, amount: Other}]")
        } catch {
            #expect(
                (error as? Mapping.Failure)?.description
                    == "m.yaml: error: mapping: expected a distinct kind for 'entries[2]': entries[1] also makes fee entries, "
                    + "so a row with both would give two entries the id 'ID:fee'")
        }
        // The first entry takes the bare id, so two of one kind at the front never collide.
        _ = try Self.mapping(
            entries: "[{kind: earning, amount: Gross}, {kind: earning, amount: Bonus}, {kind: fee, amount: Fee}]")
    }

    @Test func stripeEntriesOfOneRowKeepDistinctIds() throws {
        let settings = ImportSettings(payee: "acct_1", defaultPayeeType: .merchant)
        let csv =
            "balance_transaction_id,created_utc,currency,gross,fee,net,reporting_category\ntxn_1,2026-10-03 10:00:00,usd,10.00,0.50,9.50,charge\n"
        let result = StripeReportImporter.read(bytes: Array(csv.utf8), file: "r.csv", settings: settings)
        #expect(result.diagnostics.isEmpty)
        #expect(result.entries.map(\.id) == ["txn_1", "txn_1:fee"])
    }

    @Test func anyImporterRowWithTwoEntriesOfOneIdIsRefused() {
        var table = CSVTable(file: "x.csv", format: .native)
        let entry = LedgerEntry(
            id: "a", occurredAt: Timestamp(epochSeconds: 0, offsetSeconds: 0), payeeID: "p", payeeType: .driver,
            kind: .fee,
            amount: Money(minorUnits: 1, currency: Currency(code: "USD")!),
            source: SourceLocation(file: "x.csv", line: 2))
        #expect(table.distinctIDs([entry, entry], line: 2) == false)
        #expect(
            table.result.diagnostics.map(\.message) == [
                "x.csv:2: error: id: expected a distinct id for each entry of a row, got 'a'"
            ])
    }

    // MARK: Thousands separators

    @Test(arguments: [
        ("1,234.56", 123_456), ("12,345,678", 1_234_567_800), ("$1,250.00", 125_000), ("(1,000)", -100_000),
        ("999", 99_900),
        ("-1,234", -123_400), ("1234.56", 123_456),
    ])
    func validGroupsAreRead(text: String, minor: Int64) throws {
        let mapping = try Self.mapping(entries: "[{kind: earning, amount: Gross}]")
        #expect(MappedImporter.amount(text, mapping: mapping, currency: Currency(code: "USD")!) == minor)
    }

    @Test(arguments: ["1,00", "1,,000", ",100", "1,2345", "12,34,567", "1,234.5,6", "1,", "1234,567"])
    func misplacedSeparatorsAreRefused(text: String) throws {
        let mapping = try Self.mapping(entries: "[{kind: earning, amount: Gross}]")
        #expect(MappedImporter.amount(text, mapping: mapping, currency: Currency(code: "USD")!) == nil)
        let result = Self.read("Date,ID,Gross\n2026-10-01 09:00,T1,\"\(text)\"\n", mapping)
        #expect(
            result.diagnostics.map(\.message) == [
                "paypal.csv:2: error: Gross: expected thousands separators ',' only between groups of three digits (1,234), got '\(text)'"
            ])
    }

    @Test(arguments: [
        (".", "1.234,56", Int64(123_456)), (".", "1,00", 100), (".", "1.00", nil), ("'", "1'234'567,8", 123_456_780),
        ("'", "1'23", nil),
        (" ", "1 234,56 €", 123_456), (" ", "12 34,5", nil),
    ])
    func otherSeparatorsWithADecimalComma(thousands: String, text: String, minor: Int64?) throws {
        let mapping = try Self.mapping(entries: "[{kind: earning, amount: Gross}]", thousands: thousands, decimal: ",")
        #expect(MappedImporter.amount(text, mapping: mapping, currency: Currency(code: "USD")!) == minor)
    }
}
