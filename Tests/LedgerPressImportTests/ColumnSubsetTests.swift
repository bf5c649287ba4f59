import LedgerPressCore
import Testing

@testable import LedgerPressImport

/// Exports whose columns the user chose (issue 28): optional columns in mappings, the Stripe payments export without
/// its refund columns, and format detection that names the closest format.
@Suite struct ColumnSubsetTests {
    static let settings = ImportSettings(payee: "mer_1", defaultPayeeType: .merchant)

    static let mapping = """
        timestamp: {columns: [Date], format: "yyyy-MM-dd HH:mm", timezone: UTC}
        fields: {id: ID, currency: {constant: USD}, reference: Invoice}
        optional_columns:
          Invoice: ""
          Impact: ""
          Refunded:
            default: "0"
            needed_when: {column: Status, in: [Refunded]}
          Region: ~
        skip: [{column: Impact, equals: Memo}]
        entries:
          - {kind: earning, amount: Gross}
          - {kind: refund, amount: Refunded, sign: negative}

        """

    static func read(_ csv: String, mapping yaml: String = mapping) throws -> ImportedFile {
        MappedImporter.read(
            bytes: Array(csv.utf8), file: "in.csv", mapping: try Mapping.parse(yaml, file: "m.yaml"),
            settings: settings)
    }

    @Test func optionalColumnsPresentAreReadAsUsual() throws {
        let result = try Self.read(
            """
            Date,ID,Gross,Invoice,Impact,Refunded,Status
            2026-10-01 09:00,T1,10.00,INV-1,Credit,0,Paid
            2026-10-01 10:00,T2,5.00,,Memo,0,Paid
            2026-10-02 09:00,T3,8.00,INV-3,Credit,8.00,Refunded

            """)
        #expect(result.diagnostics.isEmpty)
        #expect(result.entries.map(\.id) == ["T1", "T3", "T3:refund"])
        #expect(result.entries.map(\.amount.minorUnits) == [1000, 800, -800])
        #expect(result.entries.first?.reference == "INV-1")
        #expect(result.skipped == [SkippedRows(reason: "by skip[0]: Impact equals Memo", count: 1)])
    }

    @Test func optionalColumnsAbsentReadTheirDefault() throws {
        let result = try Self.read(
            """
            Date,ID,Gross,Status
            2026-10-01 09:00,T1,10.00,Paid
            2026-10-01 10:00,T2,5.00,Paid

            """)
        #expect(result.diagnostics.isEmpty)
        #expect(result.entries.map(\.id) == ["T1", "T2"])
        #expect(result.entries.allSatisfy { $0.reference == nil })
        #expect(result.skipped.isEmpty)
    }

    @Test func aRowThatNeedsAnAbsentColumnIsRefusedNamingIt() throws {
        let result = try Self.read(
            """
            Date,ID,Gross,Status
            2026-10-01 09:00,T1,10.00,Paid
            2026-10-02 09:00,T2,8.00,Refunded
            2026-10-03 09:00,T3,4.00,Paid

            """)
        #expect(result.entries.map(\.id) == ["T1", "T3"])
        #expect(
            result.diagnostics.map(\.message) == [
                "in.csv:3: error: Refunded: expected a column 'Refunded' in the export (a row with Status 'Refunded' needs it), got 'no such column'"
            ])
        #expect(result.rejected.map(\.line) == [3])
    }

    @Test func anAbsentColumnWithoutDefaultRefusesEveryRowThatReadsIt() throws {
        let yaml = Self.mapping.replacingOccurrences(
            of: "fields: {id: ID, currency: {constant: USD}, reference: Invoice}",
            with: "fields: {id: ID, currency: {constant: USD}, reference: Invoice, description: Region}")
        let result = try Self.read(
            """
            Date,ID,Gross,Status
            2026-10-01 09:00,T1,10.00,Paid

            """, mapping: yaml)
        #expect(result.entries.isEmpty)
        #expect(
            result.diagnostics.map(\.message) == [
                "in.csv:2: error: Region: expected a column 'Region' in the export (the mapping reads it on every row and gives it no default), got 'no such column'"
            ])
        // Present, it is read.
        let present = try Self.read(
            "Date,ID,Gross,Status,Region\n2026-10-01 09:00,T1,10.00,Paid,North\n", mapping: yaml)
        #expect(present.diagnostics.isEmpty)
        #expect(present.entries.first?.description == "North")
    }

    @Test func aRequiredColumnStillFailsTheHeader() throws {
        let result = try Self.read("Date,ID,Status\n2026-10-01 09:00,T1,Paid\n")
        #expect(result.diagnostics.map(\.message).first?.contains("missing gross") == true)
    }

    @Test func columnAliasesReadAnotherName() throws {
        let yaml = """
            timestamp: {columns: [Date], format: "yyyy-MM-dd HH:mm", timezone: UTC}
            fields: {id: ID, currency: {constant: EUR}}
            column_aliases: {Fee: [Tarifa, Commission]}
            entries: [{kind: earning, amount: Gross}, {kind: fee, amount: Fee}]

            """
        let result = try Self.read("Date,ID,Gross,Tarifa\n2026-10-01 09:00,T1,10.00,-0.50\n", mapping: yaml)
        #expect(result.diagnostics.isEmpty)
        #expect(result.entries.map(\.amount.minorUnits) == [1000, -50])
        let neither = try Self.read("Date,ID,Gross\n2026-10-01 09:00,T1,10.00\n", mapping: yaml)
        #expect(neither.diagnostics.map(\.message).first?.contains("missing fee or tarifa or commission") == true)
    }

    @Test(arguments: [
        "optional_columns: [Invoice]", "optional_columns: {Invoice: {default: x, when: y}}",
        "optional_columns: {Invoice: {needed_when: {column: Status}}}", "column_aliases: [Fee]",
    ])
    func badOptionalColumnsAreRefusedWhenLoaded(line: String) throws {
        let yaml = """
            timestamp: {columns: [Date], format: "yyyy-MM-dd HH:mm", timezone: UTC}
            fields: {id: ID, currency: {constant: USD}}
            entries: [{kind: earning, amount: Gross}]
            \(line)

            """
        #expect(throws: Mapping.Failure.self) { try Mapping.parse(yaml, file: "m.yaml") }
    }

    // MARK: Stripe payments export without some columns

    static func payments(_ csv: String) -> ImportedFile {
        LedgerImport.read(bytes: Array(csv.utf8), file: "pay.csv", settings: settings)
    }

    @Test func aPaymentsExportWithoutRefundColumnsReadsPaidRowsAndRefusesRefundedOnes() {
        let result = Self.payments(
            """
            Created date (UTC),Amount,Currency,Fee,Status,Customer ID
            2026-10-01 09:00:00,10.00,usd,0.59,Paid,cus_1
            2026-10-02 09:00:00,8.00,usd,0.53,Refunded,cus_2
            2026-10-03 09:00:00,5.00,usd,0.45,Failed,cus_3
            2026-10-04 09:00:00,7.00,usd,0.50,Partially refunded,cus_4

            """)
        #expect(result.format == .stripePayments)
        #expect(result.entries.map(\.amount.minorUnits) == [1000, -59])
        #expect(
            result.diagnostics.map(\.message) == [
                "pay.csv:3: error: Amount Refunded: expected a column 'Amount Refunded' or 'Converted Amount Refunded' in the export (a row with Status 'Refunded' needs it), got 'no such column'",
                "pay.csv:5: error: Amount Refunded: expected a column 'Amount Refunded' or 'Converted Amount Refunded' in the export (a row with Status 'Partially refunded' needs it), got 'no such column'",
            ])
        #expect(result.skippedCount == 1)
    }

    @Test func aPaidRowWithARefundDateIsPartlyRefunded() {
        let result = Self.payments(
            """
            Created date (UTC),Amount,Currency,Fee,Status,Refunded date (UTC)
            2026-10-01 09:00:00,10.00,usd,0.59,Paid,2026-10-05 10:00:00

            """)
        #expect(result.entries.isEmpty)
        #expect(
            result.diagnostics.map(\.message).first?.hasSuffix(
                "(a row with Status 'Paid' and a Refunded date needs it), got 'no such column'") == true)
    }

    @Test func aConvertedChargeNeedsItsConvertedAmounts() {
        let result = Self.payments(
            """
            Created date (UTC),Amount,Amount Refunded,Currency,Converted Currency,Converted Amount,Fee,Status
            2026-10-01 09:00:00,10.00,0.00,usd,eur,9.20,0.40,Paid
            2026-10-02 09:00:00,10.00,4.00,usd,eur,9.20,0.40,Paid

            """)
        #expect(result.entries.map(\.amount.minorUnits) == [920, -40])
        #expect(
            result.diagnostics.map(\.message) == [
                "pay.csv:3: error: Converted Amount Refunded: expected a column 'Converted Amount Refunded' in the export (the charge in usd was converted to EUR), got 'no such column'"
            ])
    }

    // MARK: Detection

    @Test func anUnknownHeaderNamesTheClosestFormatAndWhatItLacks() {
        let result = LedgerImport.read(
            bytes: Array("Created date (UTC);Amount;Currency;Captured\r\n2026-10-01 09:00:00;10,00;eur;TRUE\r\n".utf8),
            file: "x.csv", settings: Self.settings)
        #expect(!result.recognised)
        #expect(
            result.diagnostics.map(\.message) == [
                "x.csv:1: error: header: expected a header row of a known format: the closest is stripe-payments, which also needs Fee, Status (or give --mapping FILE for another layout), got 'Created date (UTC);Amount;Currency;Captured'"
            ])
        // --payee is not called unused for a file whose format is not known.
        #expect(Self.settings.unusedPayeeAssignments([result]).isEmpty)
        // A balance history without its id is not taken for a payments export.
        let history = LedgerImport.read(
            bytes: Array(
                "Type,Amount,Fee,Net,Currency,Created (UTC),Status\ncharge,1.00,0.00,1.00,usd,2026-10-01 09:00,available\n"
                    .utf8),
            file: "h.csv", settings: Self.settings)
        #expect(
            history.diagnostics.map(\.message).first?.contains("the closest is stripe-dashboard, which also needs id")
                == true)
        let far = LedgerImport.read(bytes: Array("a,b,c\n1,2,3\n".utf8), file: "y.csv", settings: Self.settings)
        #expect(far.diagnostics.map(\.message).first?.contains("a header row of a known format (native, jsonl") == true)
    }
}
