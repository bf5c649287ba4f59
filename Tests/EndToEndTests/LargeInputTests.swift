import Foundation
import Testing

/// A native export larger than the 1 MiB that `build` reads at a time: rows that cross a piece's end, a
/// quoted newline, a repeat that conflicts and a bad row after the first MiB are read, numbered and quoted
/// exactly as from a small file.
@Suite struct LargeInputTests {
    static let header =
        "id,occurred_at,payee_id,payee_type,payee_name,kind,amount,currency,reference,description,payout_id,payout_status\n"

    static func row(_ index: Int) -> String {
        let kind = index % 4 == 1 ? "fee,-\(index % 7).25" : "earning,\(index % 90).50"
        return
            "t\(index),2026-10-\(10 + index % 19)T1\(index % 10):00:00-04:00,drv_\(index % 3),driver,Driver \(index % 3),\(kind),USD,"
            + "job_\(index / 2),Airport run with a long description to make the row longer \(index),po_\(index % 3),paid\n"
    }

    @Test func aLargeExportReadsAsASmallOne() throws {
        let cli = try CLIRunner()
        let count = 12_000
        let quoted =
            "q1,2026-10-12T08:00:00Z,drv_1,driver,\"Driver\n\"\"One\"\"\",earning,3.00,USD,,\"Line one,\r\nline two\",,\n"
        let conflict = "t5,2026-10-15T15:00:00-04:00,drv_2,driver,Driver 2,tip,5.25,USD,,,,\n"
        // The last row ends with its line end: a native file whose last row has none is cut short (ImportMessageTests).
        let bad = "b1,2026-10-20T10:00:00Z,drv_0,driver,,earning,1.001,USD,,,,\n"
        var big = Self.header
        var small = [Self.header, Self.header]
        for index in 0..<count {
            big += Self.row(index)
            small[index < count / 2 ? 0 : 1] += Self.row(index)
            if index == 11_000 { big += quoted + conflict }
        }
        big += bad
        small[1] += quoted
        #expect(big.utf8.count > 3 << 19)
        try cli.write("big.csv", big)
        try cli.write("a.csv", small[0])
        try cli.write("b.csv", small[1])
        let quotedLine = 11_003
        let checked = try cli.run(["check", "big.csv"])
        #expect(checked.status == 65)
        #expect(
            checked.stderr == """
                big.csv:\(quotedLine + 3): error: kind: expected the same kind for repeated id 't5' as at big.csv:7 ('fee'), got 'tip'
                big.csv:\(count + 6): error: amount: expected at most 2 decimals for USD, got '1.001'
                ledgerpress: 2 problem(s) in the input

                """)
        let built = try cli.run([
            "build", "big.csv", "--reject-file", "rejects.csv", "--periods", "month", "--output", "big",
        ])
        #expect(built.status == 0, "\(built.stderr)")
        #expect(
            built.stderr.contains(
                "big.csv: native, \(count + 3) rows read = \(count + 1) accepted + 2 rejected + 0 skipped; \(count + 1) entries, 3 payees, USD, "
                    + "2026-10-10..2026-10-28 (UTC)\n"))
        let rejects = try cli.read("rejects.csv")
        #expect(
            rejects.hasSuffix(
                "big.csv,\(quotedLine + 3),\"big.csv:\(quotedLine + 3): error: kind: expected the same kind for repeated id 't5' as at big.csv:7 ('fee'), got 'tip'\","
                    + "\"\(conflict.dropLast())\"\n"
                    + "big.csv,\(count + 6),\"big.csv:\(count + 6): error: amount: expected at most 2 decimals for USD, got '1.001'\",\"\(bad.dropLast())\"\n"
            ))
        // The same good rows from two small files (each read whole) give the same statements and finance files.
        #expect(try cli.run(["build", "a.csv", "b.csv", "--periods", "month", "--output", "small"]).status == 0)
        let fromBig = try cli.tree("big").filter { !$0.key.hasSuffix("manifest.json") }
        let fromSmall = try cli.tree("small").filter { !$0.key.hasSuffix("manifest.json") }
        #expect(fromBig.count > 10)
        #expect(fromBig == fromSmall)
    }
}
