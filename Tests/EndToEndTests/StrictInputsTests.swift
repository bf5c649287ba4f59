import Foundation
import Testing

/// Inputs that said two things, or more than the tool can hold, are bad data (65) with a message naming
/// file and line: duplicate keys in mappings and JSON Lines rows, mapping numbers, nesting, aliases and sizes
/// in mappings and templates, partials; and a partial string table is completed from the built-in one.
@Suite(.serialized) struct StrictInputsTests {
    static let mapping = """
        timestamp: {columns: [Date], format: yyyy-MM-dd, timezone: UTC}
        fields: {id: ID, payee_id: {constant: m}, payee_type: {constant: merchant}, currency: {constant: USD}}
        entries: [{kind: earning, amount: A}]

        """

    static func laughs(_ levels: Int) -> String {
        var text = "a0: &a0 [\"lol\"]\n"
        for level in 1...levels {
            text +=
                "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
                + "]\n"
        }
        return text
    }

    static let timestampFormatTwice: String =
        "timestamp:\n  columns: [Date]\n  format: yyyy-MM-dd\n  format: dd.MM.yyyy\n"
        + String(mapping.drop { $0 != "\n" }.dropFirst())
    static let tooMuch: [(String, String)] = [
        (
            mapping + "entries: [{kind: fee, amount: A}]\n",
            "m.yaml:4: error: mapping: expected each key once in a mapping, got 'entries' again (first at m.yaml:3)"
        ),
        (
            timestampFormatTwice,
            "m.yaml:4: error: mapping: expected each key once in a mapping, got 'format' again (first at m.yaml:3)"
        ),
        (
            mapping + "skip_lines: -1\n",
            "m.yaml:4: error: mapping: skip_lines: expected a whole number from 0 to 1000, got '-1'"
        ),
        (
            mapping + "skip_lines: 9223372036854775807\n",
            "m.yaml:4: error: mapping: skip_lines: expected a whole number from 0 to 1000, got '9223372036854775807'"
        ),
        (
            mapping + "skip_lines: \"1\"\n",
            "m.yaml:4: error: mapping: skip_lines: expected a whole number from 0 to 1000, got text \"1\""
        ),
        (
            String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000),
            "m.yaml:1: error: mapping: expected lists and mappings nested at most 64 deep, got a 65th level"
        ),
        (
            laughs(11),
            "m.yaml:6: error: mapping: expected at most 100000 values with aliases expanded, got more at alias '*a4'"
        ),
    ]

    @Test(arguments: tooMuch)
    func aMappingThatSaysTooMuchIsBadData(text: String, message: String) throws {
        try MappingTests.expectRefused(mapping: text, message: message)
    }

    @Test func aJSONLinesRowWithADuplicateKeyIsQuarantined() throws {
        let cli = try CLIRunner()
        let head = #"{"occurred_at":"2026-10-03T14:22:05Z","payee_id":"drv_1","payee_type":"driver","kind":"earning""#
        let good = #"{"id":"j1","# + head.dropFirst() + #","amount":"1.00","currency":"USD"}"#
        let twice = #"{"id":"j2","# + head.dropFirst() + #","amount":"1.00","amount":"1000.00","currency":"USD"}"#
        try cli.write("l.jsonl", good + "\n" + twice + "\n")
        let strict = try cli.run(["check", "l.jsonl"])
        #expect(strict.status == 65)
        let bytes = Array(twice.utf8)
        let at = bytes.indices.filter { bytes[$0...].starts(with: Array(#""amount""#.utf8)) }.map { $0 + 1 }
        let message =
            "l.jsonl:2: error: amount: expected each key once per object, got 'amount' at column \(at[0]) and again at column \(at[1])"
        #expect(strict.stderr.hasPrefix(message + "\n"), "\(strict.stderr)")
        let outcome = try cli.run(["build", "l.jsonl", "--reject-file", "rejects.csv", "--periods", "month"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let rejects = try cli.read("rejects.csv")
        #expect(rejects.contains("l.jsonl,2,\"\(message)\""))
        #expect(try cli.read("output/finance/summary.csv").contains(",USD,0.00,1.00,"))
    }

    static func templates(_ cli: CLIRunner, _ files: [String: String]) throws -> CLIRunner.Outcome {
        try FileManager.default.createDirectory(atPath: cli.path("mine/strings"), withIntermediateDirectories: true)
        for (name, text) in files { try cli.write("mine/" + name, text) }
        return try cli.run(["build", CLIRunner.example("example-ledger.csv"), "--templates", "mine"])
    }

    @Test func anUnknownPartialIsBadData() throws {
        let cli = try CLIRunner()
        let outcome = try Self.templates(cli, ["driver.md": "# {{title}}\n\n{{> footer}}\n"])
        #expect(outcome.status == 65)
        #expect(
            outcome.stderr
                == "mine/driver.md:3:1: error: template: expected no partials (templates can include none), got '{{> footer}}'\n"
        )
        #expect(!FileManager.default.fileExists(atPath: cli.path("output")))
    }

    @Test func deeplyNestedSectionsAreBadDataNotACrash() throws {
        let cli = try CLIRunner()
        let text = String(repeating: "{{#sections}}", count: 3000) + String(repeating: "{{/sections}}", count: 3000)
        let outcome = try Self.templates(cli, ["merchant.md": text])
        #expect(outcome.status == 65)
        #expect(
            outcome.stderr
                == "mine/merchant.md:1:\(64 * 13 + 1): error: template: expected sections nested at most 64 deep, got a 65th level\n"
        )
    }

    @Test func aPartialStringTableIsCompletedFromTheBuiltInOne() throws {
        let cli = try CLIRunner()
        let outcome = try Self.templates(cli, ["strings/en.json": #"{"total": "Sum"}"#])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let page = try cli.read("output/payees/drv_ann/2026-11.md")
        #expect(page.hasPrefix("# Earnings statement — November 2026\n"), "\(page.prefix(200))")
        #expect(!page.contains("title_driver"))
    }
}
