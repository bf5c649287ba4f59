import Foundation
import Testing

/// The probe's findings about input text, run through the binary: NUL bytes, a column named twice,
/// misplaced thousands separators and colliding entry ids are refused; bidi overrides are isolated.
@Suite(.serialized) struct TextSafetyTests {
    static let header =
        "id,occurred_at,payee_id,payee_type,payee_name,kind,amount,currency,reference,description,payout_id,payout_status\n"

    @Test func aNulByteInTextIsRefusedAndNothingIsPublished() throws {
        let cli = try CLIRunner()
        try cli.write(
            "ledger.csv",
            Self.header + "t1,2026-10-03T14:22:05Z,d1,driver,Ann,earning,12.00,USD,job_1,Ride\u{0}home,,\n")
        for arguments in [["check", "ledger.csv"], ["build", "ledger.csv", "--output", "site"]] {
            let outcome = try cli.run(arguments)
            #expect(outcome.status == 65)
            #expect(
                outcome.stderr.contains(
                    "ledger.csv:2: error: description: expected text without control characters, got 'Ride\\u{0}home'"))
        }
        #expect(!FileManager.default.fileExists(atPath: cli.path("site")))
    }

    @Test func aHeaderWithAmountTwiceIsRefused() throws {
        let cli = try CLIRunner()
        try cli.write(
            "ledger.csv",
            "id,occurred_at,payee_id,payee_type,kind,amount,currency,amount\nt1,2026-10-03T14:22:05Z,d1,driver,earning,1.00,USD,999.00\n"
        )
        let outcome = try cli.run(["build", "ledger.csv", "--output", "site"])
        #expect(outcome.status == 65)
        #expect(
            outcome.stderr.contains(
                "ledger.csv:1: error: header: expected each column named once ('amount' is column 6 and column 8)"))
    }

    @Test func aMisplacedThousandsSeparatorIsRefused() throws {
        let cli = try CLIRunner()
        try cli.write(
            "in.csv",
            "Date,Time,TimeZone,Transaction ID,Type,Currency,Gross,Fee,Invoice Number,Item Title,Balance Impact\n"
                + "10/06/2026,14:22:05,PDT,T1,Express Checkout Payment,USD,\"1,00\",0.00,INV-1,Lamp,Credit\n")
        let outcome = try cli.run([
            "check", "in.csv", "--mapping", MappingTests.mapping("paypal-activity.yaml"), "--payee", "m1",
            "--payee-type", "merchant",
        ])
        #expect(outcome.status == 65)
        #expect(
            outcome.stderr.contains(
                "in.csv:2: error: Gross: expected thousands separators ',' only between groups of three digits (1,234), got '1,00'"
            ))
    }

    @Test func twoEntriesOfOneRowWithOneIdAreRefused() throws {
        let cli = try CLIRunner()
        try cli.write(
            "m.yaml",
            """
            name: paypal
            thousands_separator: ","
            timestamp: {columns: [Date], format: "yyyy-MM-dd", timezone: UTC}
            fields: {id: ID, payee_id: {constant: m1}, payee_type: {constant: merchant}, currency: {constant: USD}}
            entries:
              - {kind: earning, amount: Gross}
              - {kind: {column: Type, values: {Sale: earning, Fee: fee}}, amount: Extra}
              - {kind: fee, amount: Fee}

            """)
        try cli.write("in.csv", "Date,ID,Type,Gross,Extra,Fee\n2026-10-01,T1,Fee,10.00,-1.00,-0.50\n")
        let outcome = try cli.run(["check", "in.csv", "--mapping", "m.yaml"])
        #expect(outcome.status == 65)
        #expect(
            outcome.stderr.contains(
                "in.csv:2: error: entries[2]: expected a distinct id for each entry of a row (entries[1] and entries[2] both make a fee entry), got 'T1:fee'"
            ))
    }

    @Test func aBidiOverrideInAPayeeNameIsIsolatedInEveryPage() throws {
        let cli = try CLIRunner()
        let name = "Ann \u{202E}eeL"
        try cli.write(
            "ledger.csv",
            Self.header + "t1,2026-10-03T14:22:05Z,d1,driver,\(name),earning,12.00,USD,job_1,Ride \u{202E}321,,\n")
        let outcome = try cli.run(["build", "ledger.csv", "--output", "site", "--periods", "month"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let isolated = "\u{2068}\(name)\u{2069}"
        let home = try cli.read("site/payees/d1/index.html")
        #expect(home.contains("<title>\(isolated) — statements</title>"))
        #expect(home.contains("<h1>\(isolated)</h1>"))
        let statement = try cli.read("site/payees/d1/2026-10.html")
        #expect(statement.contains("<strong>\(isolated)</strong>"))
        #expect(statement.contains("<td class=\"text\"><bdi>Ride \u{202E}321</bdi></td>"))
        #expect(try cli.read("site/index.html").contains("<td class=\"text\">\(isolated)</td>"))
        // Every override in every page is inside an isolate: never a bare U+202E before the text around it.
        for page in [home, statement] {
            for part in page.components(separatedBy: "\u{202E}").dropLast() {
                #expect(part.hasSuffix("\u{2068}Ann ") || part.hasSuffix("<bdi>Ride "))
            }
        }
    }
}
