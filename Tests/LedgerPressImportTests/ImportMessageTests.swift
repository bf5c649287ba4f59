import LedgerPressCore
import Testing

@testable import LedgerPressImport

/// The import messages of issue 25's list: each says what is really wrong (a leap second, a currency code in
/// an amount, a local time that does not exist or exists twice, a file cut inside its last row).
@Suite struct ImportMessageTests {
    static let nativeHeader = ImportTextSafetyTests.nativeHeader
    static let good = "e1,2026-10-03T14:22:05Z,d1,driver,Dee,earning,10.00,USD,j1,,po_1,paid"

    // MARK: Leap seconds

    @Test func aLeapSecondIsNamedAsOne() {
        let result = ImportTextSafetyTests.native(
            Self.nativeHeader + "e1,2016-12-31T23:59:60Z,d1,driver,Dee,earning,10.00,USD,j1,,,\n")
        #expect(
            result.diagnostics.map(\.message) == [
                "ledger.csv:2: error: occurred_at: expected a time with seconds from 00 to 59 (leap seconds are not supported), got '2016-12-31T23:59:60Z'"
            ])
    }

    @Test func aLeapSecondInAStripeReportIsNamedAsOne() {
        let result = ImportTextSafetyTests.stripe(
            ImportTextSafetyTests.stripeHeader + "txn_1,2016-12-31 23:59:60,usd,10.00,0.30,9.70,charge,ch_1,\n")
        #expect(
            result.diagnostics.map(\.message) == [
                "report.csv:2: error: created_utc: expected a time with seconds from 00 to 59 (leap seconds are not supported), got '2016-12-31 23:59:60'"
            ])
    }

    // MARK: A currency code inside a mapped amount

    @Test func anotherCurrencysCodeInAMappedAmountIsNamed() throws {
        let mapping = try MappedRowSafetyTests.mapping(entries: "[{kind: earning, amount: Gross}]")
        let result = MappedRowSafetyTests.read("Date,ID,Gross\n2026-10-01 09:00,T1,5.00 EUR\n", mapping)
        #expect(
            result.diagnostics.map(\.message) == [
                "paypal.csv:2: error: Gross: expected an amount in the row's currency USD, without another currency's code (the amount names EUR), got '5.00 EUR'"
            ])
    }

    @Test func theRowsOwnCodeInAMappedAmountIsStillRead() throws {
        let mapping = try MappedRowSafetyTests.mapping(entries: "[{kind: earning, amount: Gross}]")
        let result = MappedRowSafetyTests.read("Date,ID,Gross\n2026-10-01 09:00,T1,5.00 USD\n", mapping)
        #expect(result.diagnostics.isEmpty)
        #expect(result.entries.map(\.amount.minorUnits) == [500])
    }

    // MARK: Local times in a DST gap or a repeated hour

    static let localReport =
        "balance_transaction_id,created,currency,gross,fee,net,reporting_category,source_id,description\n"
    static func readLocal(_ rows: String) throws -> ImportedFile {
        let zone = try #require(ZoneClock(identifier: "America/New_York"))
        return StripeReportImporter.read(
            bytes: Array((localReport + rows).utf8), file: "report.csv",
            settings: ImportSettings(payee: "acct_1", defaultPayeeType: .merchant, sourceZone: zone))
    }

    @Test func aLocalTimeInTheRepeatedHourIsReadWithAWarning() throws {
        let result = try Self.readLocal("txn_1,2026-11-01 01:30:00,usd,10.00,0.00,10.00,charge,ch_1,\n")
        #expect(result.entries.map(\.id) == ["txn_1"])
        #expect(result.entries.first?.occurredAt == RFC3339.parse("2026-11-01T01:30:00-04:00"))
        #expect(
            result.diagnostics.map(\.message) == [
                "report.csv:2: warning: created: expected a local time that occurs once in America/New_York "
                    + "(2026-11-01 01:30:00 occurs twice as the clocks go back; read as the first, 2026-11-01T01:30:00-04:00), "
                    + "got '2026-11-01 01:30:00'"
            ])
    }

    @Test func aLocalTimeInADSTGapIsReadWithAWarning() throws {
        let result = try Self.readLocal("txn_1,2026-03-08 02:30:00,usd,10.00,0.00,10.00,charge,ch_1,\n")
        #expect(result.entries.map(\.id) == ["txn_1"])
        #expect(result.entries.first?.occurredAt == RFC3339.parse("2026-03-08T03:30:00-04:00"))
        #expect(
            result.diagnostics.map(\.message) == [
                "report.csv:2: warning: created: expected a local time that exists in America/New_York "
                    + "(2026-03-08 02:30:00 is skipped as the clocks go forward; read with the offset before the gap, 2026-03-08T03:30:00-04:00), "
                    + "got '2026-03-08 02:30:00'"
            ])
    }

    @Test func anOrdinaryLocalTimeHasNoWarning() throws {
        let result = try Self.readLocal("txn_1,2026-11-01 03:30:00,usd,10.00,0.00,10.00,charge,ch_1,\n")
        #expect(result.diagnostics.isEmpty)
        #expect(result.entries.count == 1)
    }

    // MARK: A native file cut inside its last row

    /// A file whose last row stops at the end of the file, without its line end, as a copy cut short leaves it.
    struct Cut: CustomTestStringConvertible, Sendable {
        var name: String
        var text: String
        var entries: [String]
        var testDescription: String { name }
    }

    static let cuts: [Cut] = [
        // Cut right after the last comma: the status would read as empty.
        Cut(
            name: "after the last comma",
            text: nativeHeader + good + "\ne2,2026-10-03T15:00:00Z,d1,driver,Dee,earning,12.00,USD,j2,,po_1,",
            entries: ["e1"]),
        // Cut inside the last field of a file whose last column is free text.
        Cut(
            name: "inside a description",
            text: "id,occurred_at,payee_id,payee_type,payee_name,kind,amount,currency,description\n"
                + "e1,2026-10-03T14:22:05Z,d1,driver,Dee,earning,10.00,USD,Airport run\n"
                + "e2,2026-10-03T15:00:00Z,d1,driver,Dee,earning,12.00,USD,Airport ru",
            entries: ["e1"]),
        // Cut inside an amount in the last column.
        Cut(
            name: "inside an amount",
            text: "id,occurred_at,payee_id,payee_type,kind,currency,amount\n"
                + "e1,2026-10-03T14:22:05Z,d1,driver,earning,USD,10.00\n"
                + "e2,2026-10-03T15:00:00Z,d1,driver,earning,USD,1200.0",
            entries: ["e1"]),
    ]

    @Test(arguments: cuts) func aFileCutInsideItsLastRowIsAnError(_ cut: Cut) {
        let result = ImportTextSafetyTests.native(cut.text)
        #expect(
            result.diagnostics.map(\.message) == [
                "ledger.csv:3: error: expected a line end after the last row (the file ends inside it: cut short?), got '"
                    + String(cut.text.split(separator: "\n").last ?? "") + "'"
            ])
        #expect(result.entries.map(\.id) == cut.entries)
        #expect(result.rejected.map(\.line) == [3])
    }

    @Test func aWholeFileWithoutAFinalLineEndIsStillCutShort() {
        // A last row without its line end cannot be told from a cut one.
        let result = ImportTextSafetyTests.native(Self.nativeHeader + Self.good)
        #expect(result.diagnostics.map(\.location.line) == [2])
        #expect(result.entries.isEmpty)
    }

    @Test func aFileEndingWithALineEndIsWhole() {
        for end in ["\n", "\r\n"] {
            let result = ImportTextSafetyTests.native(Self.nativeHeader + Self.good + end)
            #expect(result.diagnostics.isEmpty)
            #expect(result.entries.map(\.id) == ["e1"])
        }
        // A header-only file is valid with or without its line end.
        #expect(ImportTextSafetyTests.native(String(Self.nativeHeader.dropLast())).diagnostics.isEmpty)
    }
}
