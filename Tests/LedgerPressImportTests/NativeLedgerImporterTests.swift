import LedgerPressCore
import Testing

@testable import LedgerPressImport

@Suite struct NativeLedgerImporterTests {
    static let header =
        "id,occurred_at,payee_id,payee_type,payee_name,kind,amount,currency,reference,description,payout_id,payout_status\n"
    static let good = "t1,2026-10-03T14:22:05Z,drv_1,driver,Ann,earning,12.00,USD,job_1,Ride,,\n"

    func read(_ text: String) -> ImportedFile {
        NativeLedgerImporter.read(bytes: Array(text.utf8), file: "ledger.csv")
    }

    @Test func readsAGoodRowInAnyColumnOrder() throws {
        let result = read(
            "currency,amount,kind,payee_type,payee_id,occurred_at,id,extra\nbhd,-12.345,fee,merchant,m1,2026-10-03T10:00:00-04:00,t9,x\n"
        )
        #expect(result.diagnostics.isEmpty)
        let entry = try #require(result.entries.first)
        #expect(entry.amount == Money(minorUnits: -12_345, currency: Currency(code: "BHD")!))
        #expect(entry.kind == .fee)
        #expect(entry.payeeType == .merchant)
        #expect(entry.source.line == 2)
        #expect(entry.occurredAt.epochSeconds == 1_791_036_000)
    }

    @Test func headerOnlyIsValidEmptyIsNot() {
        #expect(read(Self.header).diagnostics.isEmpty)
        #expect(read(Self.header).entries.isEmpty)
        #expect(
            read("").diagnostics.map(\.message) == [
                "ledger.csv: error: expected a header row (id,occurred_at,payee_id,payee_type,kind,amount,currency,...), got 'an empty file'"
            ])
    }

    @Test func missingRequiredColumnNamesIt() {
        let result = read("id,occurred_at,payee_id,kind,amount\n")
        #expect(
            result.diagnostics.map(\.message) == [
                "ledger.csv:1: error: header: expected the native ledger columns; missing payee_type, currency, got 'id,occurred_at,payee_id,kind,amount'"
            ])
    }

    @Test(arguments: [
        (
            "t1,2026-10-03T14:22:05,drv_1,driver,Ann,earning,12.00,USD,,,,",
            "ledger.csv:2: error: occurred_at: expected an RFC 3339 timestamp with offset such as 2026-10-03T14:22:05Z, got '2026-10-03T14:22:05'"
        ),
        (
            "t1,2026-02-30T14:22:05Z,drv_1,driver,Ann,earning,12.00,USD,,,,",
            "ledger.csv:2: error: occurred_at: expected an RFC 3339 timestamp with offset such as 2026-10-03T14:22:05Z, got '2026-02-30T14:22:05Z'"
        ),
        (
            "t1,2026-10-03T14:22:05Z,drv_1,driver,Ann,bonus,12.00,USD,,,,",
            "ledger.csv:2: error: kind: expected one of earning, tip, fee, adjustment, refund, payout, tax, opening_balance, got 'bonus'"
        ),
        (
            "t1,2026-10-03T14:22:05Z,drv_1,courier,Ann,earning,12.00,USD,,,,",
            "ledger.csv:2: error: payee_type: expected driver or merchant, got 'courier'"
        ),
        (
            "t1,2026-10-03T14:22:05Z,drv_1,driver,Ann,earning,10.001,USD,,,,",
            "ledger.csv:2: error: amount: expected at most 2 decimals for USD, got '10.001'"
        ),
        (
            "t1,2026-10-03T14:22:05Z,drv_1,driver,Ann,earning,\"1,234.56\",USD,,,,",
            "ledger.csv:2: error: amount: expected a decimal like 120.00 or -24 (no thousands separators, no exponent), got '1,234.56'"
        ),
        (
            "t1,2026-10-03T14:22:05Z,drv_1,driver,Ann,earning,12.00,XXY,,,,",
            "ledger.csv:2: error: currency: expected an ISO 4217 currency code such as USD, got 'XXY'"
        ),
        (
            "t1,2026-10-03T14:22:05Z,drv_1,driver,Ann,earning,12.00,USD,,,,sent",
            "ledger.csv:2: error: payout_status: expected one of pending, processing, paid, failed, got 'sent'"
        ),
        (
            "t1,2026-10-03T14:22:05Z,drv_1,driver,Ann,earning,12.00,USD",
            "ledger.csv:2: error: expected 12 fields as in the header, got '8 fields'"
        ),
        (
            ",2026-10-03T14:22:05Z,drv_1,driver,Ann,earning,12.00,USD,,,,",
            "ledger.csv:2: error: id: expected a value, got ''"
        ),
        (
            "t1,2026-10-03T14:22:05Z,drv_1,driver,\"Ann,earning,12.00,USD,,,,",
            "ledger.csv:2: error: expected a well-formed CSV record, got 'unterminated quoted field (the file ends inside quotes)'"
        ),
    ])
    func badRowsAreNamedByFileLineAndField(row: String, message: String) {
        let result = read(Self.header + row + "\n")
        #expect(result.entries.isEmpty)
        #expect(result.diagnostics.map(\.message) == [message])
    }

    @Test func everyBadRowIsListedNotOnlyTheFirst() {
        let text =
            Self.header + Self.good + "t2,nope,drv_1,driver,Ann,earning,1.00,USD,,,,\n" + Self.good
            + "t3,2026-10-03T14:22:05Z,drv_1,driver,Ann,earning,x,USD,,,,\n"
        let result = read(text)
        #expect(result.diagnostics.map(\.location.line) == [3, 5])
        #expect(result.entries.count == 2)
        #expect(result.rowsRead == 4)
        #expect(result.rows.count == 2)
        #expect(result.rejected.map(\.line) == [3, 5])
    }

    @Test func oneRowWithSeveralProblemsReportsEach() {
        let result = read(Self.header + "t1,bad,drv_1,pilot,Ann,bonus,1.00,USD,,,,\n")
        #expect(result.diagnostics.compactMap(\.location.field) == ["occurred_at", "payee_type", "kind"])
    }

    @Test func payeesFileIsValidated() {
        let text = """
            payee_id,payee_type,name,email,timezone,locale
            drv_1,driver,Ann,a@x,America/New_York,en_US
            drv_2,driver,Bo,b@x,Mars/Base,en_US
            drv_1,driver,Ann again,a@x,UTC,en_US
            drv_3,driver,Cy,c@x,UTC,xx_NOPE
            drv_4,pilot,Di,d@x,UTC,de_DE

            """
        let result = PayeesFileImporter.read(bytes: Array(text.utf8), file: "payees.csv")
        #expect(result.profiles.keys.sorted() == ["drv_1"])
        #expect(
            result.diagnostics.map(\.message) == [
                "payees.csv:3: error: timezone: expected an IANA time zone such as America/New_York, got 'Mars/Base'",
                "payees.csv:4: error: payee_id: expected each payee once (first at line 2), got 'drv_1'",
                "payees.csv:5: error: locale: expected a locale such as en_US or de_DE, got 'xx_NOPE'",
                "payees.csv:6: error: payee_type: expected driver or merchant, got 'pilot'",
            ])
    }

    @Test func payeesFileDayAndWeekStartsAreValidated() {
        let text = """
            payee_id,payee_type,name,email,timezone,locale,day_start,week_start
            drv_1,driver,Ann,a@x,America/New_York,en_US,04:00,Sunday
            drv_2,driver,Bo,b@x,UTC,en_US,,
            drv_3,driver,Cy,c@x,UTC,en_US,4:00,monday
            drv_4,driver,Di,d@x,UTC,en_US,24:00,someday
            mer_5,merchant,Ed,e@x,UTC,en_US,23:59,saturday

            """
        let result = PayeesFileImporter.read(bytes: Array(text.utf8), file: "payees.csv")
        #expect(result.profiles.keys.sorted() == ["drv_1", "drv_2", "mer_5"])
        #expect(result.profiles["drv_1"]?.dayStart == DayStart(minutes: 240))
        #expect(result.profiles["drv_1"]?.weekStart == .sunday)
        #expect(result.profiles["drv_2"]?.dayStart == nil && result.profiles["drv_2"]?.weekStart == nil)
        #expect(result.profiles["mer_5"]?.dayStart?.description == "23:59")
        #expect(
            result.diagnostics.map(\.message) == [
                "payees.csv:4: error: day_start: expected a local time HH:MM from 00:00 to 23:59, such as 04:00, got '4:00'",
                "payees.csv:5: error: day_start: expected a local time HH:MM from 00:00 to 23:59, such as 04:00, got '24:00'",
                "payees.csv:5: error: week_start: expected a weekday: monday, tuesday, wednesday, thursday, friday, saturday or sunday, got 'someday'",
            ])
    }
}
