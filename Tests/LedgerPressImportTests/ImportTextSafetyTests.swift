import LedgerPressCore
import Testing

@testable import LedgerPressImport

/// Nothing silently dropped, nothing absurd accepted: repeated header names, control characters,
/// over-long text, in every importer.
@Suite struct ImportTextSafetyTests {
    static let nativeHeader =
        "id,occurred_at,payee_id,payee_type,payee_name,kind,amount,currency,reference,description,payout_id,payout_status\n"
    static let settings = ImportSettings(payee: "acct_1", defaultPayeeType: .merchant)
    static let stripeHeader =
        "balance_transaction_id,created_utc,currency,gross,fee,net,reporting_category,source_id,description\n"
    static let dashboardHeader = "id,Type,Source,Amount,Fee,Net,Currency,Created (UTC),Description\n"
    static let mappingText = """
        name: simple
        timestamp: {columns: [Date], format: "yyyy-MM-dd HH:mm", timezone: UTC}
        fields: {id: ID, payee_id: {constant: m1}, payee_type: {constant: merchant}, currency: {constant: USD}, description: Memo}
        entries: [{kind: earning, amount: Gross}]

        """

    static func native(_ text: String) -> ImportedFile {
        NativeLedgerImporter.read(bytes: Array(text.utf8), file: "ledger.csv")
    }
    static func stripe(_ text: String) -> ImportedFile {
        StripeReportImporter.read(bytes: Array(text.utf8), file: "report.csv", settings: settings)
    }
    static func dashboard(_ text: String) -> ImportedFile {
        StripeDashboardImporter.read(bytes: Array(text.utf8), file: "dash.csv", settings: settings)
    }
    static func mapped(_ text: String) throws -> ImportedFile {
        let mapping = try Mapping.parse(mappingText, file: "m.yaml")
        return MappedImporter.read(bytes: Array(text.utf8), file: "in.csv", mapping: mapping)
    }
    static func payees(_ text: String) -> [String] {
        PayeesFileImporter.read(bytes: Array(text.utf8), file: "payees.csv").diagnostics.map(\.message)
    }

    // MARK: A column named twice

    @Test func nativeHeaderWithAColumnTwiceIsAnErrorNamingBothPositions() {
        let result = Self.native(
            "id,occurred_at,payee_id,payee_type,kind,amount,currency, Amount \nt1,2026-10-03T14:22:05Z,d1,driver,earning,1.00,USD,900.00\n"
        )
        #expect(result.entries.isEmpty)
        #expect(
            result.diagnostics.map(\.message) == [
                "ledger.csv:1: error: header: expected each column named once ('amount' is column 6 and column 8), "
                    + "got 'id,occurred_at,payee_id,payee_type,kind,amount,currency, Amount '"
            ])
    }

    @Test func everyCSVImporterRefusesARepeatedColumn() throws {
        let stripe = Self.stripe(Self.stripeHeader.replacingOccurrences(of: "description", with: "Gross"))
        #expect(
            stripe.diagnostics.map(\.message).first?.hasPrefix(
                "report.csv:1: error: header: expected each column named once ('gross' is column 4 and column 9)")
                == true)
        let dashboard = Self.dashboard(Self.dashboardHeader.replacingOccurrences(of: "Description", with: "FEE"))
        #expect(
            dashboard.diagnostics.map(\.message).first?.hasPrefix(
                "dash.csv:1: error: header: expected each column named once ('fee' is column 5 and column 9)") == true)
        let mapped = try Self.mapped("Date,ID,Gross,Memo,id\n2026-10-01 09:00,a1,1.00,x,a2\n")
        #expect(
            mapped.diagnostics.map(\.message).first?.hasPrefix(
                "in.csv:1: error: header: expected each column named once ('id' is column 2 and column 5)") == true)
        #expect(mapped.entries.isEmpty)
        #expect(
            Self.payees("payee_id,timezone,Timezone\nd1,UTC,Europe/Berlin\n").first?.hasPrefix(
                "payees.csv:1: error: header: expected each column named once ('timezone' is column 2 and column 3)")
                == true)
    }

    @Test func emptyHeaderNamesMayRepeat() {
        let result = Self.native(
            "id,occurred_at,payee_id,payee_type,kind,amount,currency,,\nt1,2026-10-03T14:22:05Z,d1,driver,earning,1.00,USD,,\n"
        )
        #expect(result.diagnostics.isEmpty)
        #expect(result.entries.count == 1)
    }

    // MARK: Control characters

    @Test(arguments: [
        (
            "t\u{0}1,2026-10-03T14:22:05Z,d1,driver,Ann,earning,1.00,USD,,,,",
            "ledger.csv:2: error: id: expected text on one line without control characters, got 't\\u{0}1'"
        ),
        (
            "\"t\n1\",2026-10-03T14:22:05Z,d1,driver,Ann,earning,1.00,USD,,,,",
            "ledger.csv:2: error: id: expected text on one line without control characters, got 't\\n1'"
        ),
        (
            "t1,2026-10-03T14:22:05Z,d1,driver,An\u{7}n,earning,1.00,USD,,,,",
            "ledger.csv:2: error: payee_name: expected text without control characters, got 'An\\u{7}n'"
        ),
        (
            "t1,2026-10-03T14:22:05Z,d1,driver,Ann,earning,1.00,USD,job\u{1B}[2J,,,",
            "ledger.csv:2: error: reference: expected text on one line without control characters, got 'job\\u{1b}[2J'"
        ),
        (
            "t1,2026-10-03T14:22:05Z,d1,driver,Ann,earning,1.00,USD,,Ride\u{7F},,",
            "ledger.csv:2: error: description: expected text without control characters, got 'Ride\\u{7f}'"
        ),
        (
            "t1,2026-10-03T14:22:05Z,d1,driver,Ann,earning,1.00,USD,,Ride\u{85},,",
            "ledger.csv:2: error: description: expected text without control characters, got 'Ride\\u{85}'"
        ),
        (
            "t1,2026-10-03T14:22:05Z,d\u{0}1,driver,Ann,earning,1.00,USD,,,,",
            "ledger.csv:2: error: payee_id: expected text on one line without control characters, got 'd\\u{0}1'"
        ),
        (
            "t1,2026-10-03T14:22:05Z,d1,driver,Ann,earning,1.00,USD,,,po\u{0},",
            "ledger.csv:2: error: payout_id: expected text on one line without control characters, got 'po\\u{0}'"
        ),
    ])
    func nativeTextWithControlCharactersIsRefused(row: String, message: String) {
        let result = Self.native(Self.nativeHeader + row + "\n")
        #expect(result.diagnostics.map(\.message) == [message])
        #expect(result.entries.isEmpty)
        #expect(result.rejected.count == 1)
    }

    @Test func namesAndDescriptionsMayHoldNewlinesAndTabs() {
        let result = Self.native(
            Self.nativeHeader
                + "t1,2026-10-03T14:22:05Z,d1,driver,\"Ann\r\nLee\",earning,1.00,USD,j\t1,\"two\nlines\",,\n")
        #expect(result.diagnostics.isEmpty)
        #expect(result.entries.first?.payeeName == "Ann\r\nLee")
    }

    @Test func jsonLinesTextWithANulIsRefused() {
        let line =
            #"{"id":"t1","occurred_at":"2026-10-03T14:22:05Z","payee_id":"d1","payee_type":"driver","kind":"earning","amount":"1.00","currency":"USD","payee_name":"A\u0000nn"}"#
        let result = JSONLinesImporter.read(bytes: Array((line + "\n").utf8), file: "l.jsonl")
        #expect(
            result.diagnostics.map(\.message) == [
                "l.jsonl:1: error: payee_name: expected text without control characters, got 'A\\u{0}nn'"
            ])
        #expect(result.entries.isEmpty)
    }

    @Test func stripeImportersRefuseControlCharacters() throws {
        let report = Self.stripe(
            Self.stripeHeader + "txn\u{0}1,2026-10-03 10:00:00,usd,10.00,0.00,10.00,charge,ch_1,Ride\u{1}\n")
        #expect(
            report.diagnostics.map(\.message) == [
                "report.csv:2: error: balance_transaction_id: expected text on one line without control characters, got 'txn\\u{0}1'",
                "report.csv:2: error: description: expected text without control characters, got 'Ride\\u{1}'",
            ])
        #expect(report.entries.isEmpty)
        let dash = Self.dashboard(
            Self.dashboardHeader + "txn_1,charge,ch\u{0}1,10.00,0.00,10.00,usd,2026-10-05 14:00,Ride\n")
        #expect(
            dash.diagnostics.map(\.message) == [
                "dash.csv:2: error: Source: expected text on one line without control characters, got 'ch\\u{0}1'"
            ])
        #expect(dash.entries.isEmpty)
    }

    @Test func mappedAndPayeesFilesRefuseControlCharacters() throws {
        let mapped = try Self.mapped("Date,ID,Gross,Memo\n2026-10-01 09:00,a1,1.00,Memo\u{0}x\n")
        #expect(
            mapped.diagnostics.map(\.message) == [
                "in.csv:2: error: Memo: expected text without control characters, got 'Memo\\u{0}x'"
            ])
        #expect(mapped.entries.isEmpty)
        #expect(
            Self.payees("payee_id,payee_type,name,email,timezone,locale\nd1,driver,Ann\u{0},a@x,UTC,en_US\n") == [
                "payees.csv:2: error: name: expected text without control characters, got 'Ann\\u{0}'"
            ])
    }

    // MARK: Length limits

    @Test func textLongerThanItsLimitIsRefused() {
        let description = String(repeating: "é", count: 1_001)  // 2,002 bytes
        let id = String(repeating: "x", count: 257)
        let result = Self.native(
            Self.nativeHeader + "\(id),2026-10-03T14:22:05Z,d1,driver,Ann,earning,1.00,USD,,\(description),,\n")
        #expect(
            result.diagnostics.map(\.message) == [
                "ledger.csv:2: error: id: expected text of at most 256 bytes (found 257 bytes), got '\(String(repeating: "x", count: 77))...'",
                "ledger.csv:2: error: description: expected text of at most 2000 bytes (found 2002 bytes), got '\(String(repeating: "é", count: 77))...'",
            ])
        let fits = Self.native(
            Self.nativeHeader
                + "\(id.dropLast()),2026-10-03T14:22:05Z,d1,driver,Ann,earning,1.00,USD,,\(description.dropLast()),,\n")
        #expect(fits.diagnostics.isEmpty)
    }

    @Test func rulesAreDocumented() {
        #expect(TextRule.identifier.maxBytes == 256)
        #expect(TextRule.name.maxBytes == 256)
        #expect(TextRule.description.maxBytes == 2_000)
        #expect(TextRule.identifier.problem(with: "a\tb") == nil)
        #expect(TextRule.identifier.problem(with: "a\rb") != nil)
        #expect(TextRule.name.problem(with: "a\r\nb") == nil)
        #expect(TextRule.name.problem(with: "\u{9F}") != nil)
    }
}
