import Testing

@testable import LedgerPressImport

/// A mapping file says exactly one thing: a key given twice, a number of the wrong type or range, a typed key
/// holding something else are errors naming the file and line, never a silent override or a default.
@Suite struct MappingStrictnessTests {
    static let base = """
        timestamp: {columns: [Date], format: "yyyy-MM-dd HH:mm", timezone: UTC}
        fields: {id: ID, payee_id: {constant: m1}, payee_type: {constant: merchant}, currency: {constant: USD}}

        """
    static let entries = "entries: [{kind: earning, amount: Net}]\n"

    static func failure(_ text: String) -> String? {
        do {
            _ = try Mapping.parse(text, file: "m.yaml")
            return nil
        } catch {
            return error.description
        }
    }

    // MARK: Duplicate keys (F5)

    @Test(arguments: [
        (
            base + entries + "entries: [{kind: fee, amount: Fee}]\n",
            "m.yaml:4: error: mapping: expected each key once in a mapping, got 'entries' again (first at m.yaml:3)"
        ),
        (
            "timestamp:\n  columns: [Date]\n  format: yyyy-MM-dd\n  timezone: UTC\n  format: dd.MM.yyyy\n"
                + "fields: {id: ID, currency: {constant: USD}}\n" + entries,
            "m.yaml:5: error: mapping: expected each key once in a mapping, got 'format' again (first at m.yaml:3)"
        ),
        (
            base + "entries:\n  - {kind: earning, amount: Net, kind: fee}\n",
            "m.yaml:4: error: mapping: expected each key once in a mapping, got 'kind' again (first at m.yaml:4)"
        ),
        (
            // The same key written two ways is the same key.
            base + entries + "\"name\": a\nname: b\n",
            "m.yaml:5: error: mapping: expected each key once in a mapping, got 'name' again (first at m.yaml:4)"
        ),
    ])
    func aKeyGivenTwiceIsAnErrorNamingBothLines(text: String, message: String) {
        #expect(Self.failure(text) == message)
    }

    @Test func aMergedKeyOverriddenByTheMappingItselfIsNotADuplicate() throws {
        let mapping = try Mapping.parse(
            "timestamp:\n  <<: {columns: [Date], format: yyyy-MM-dd, timezone: UTC}\n  format: dd.MM.yyyy\n"
                + "fields: {id: ID, currency: {constant: USD}}\n" + Self.entries,
            file: "m.yaml")
        #expect(mapping.timeFormat == "dd.MM.yyyy")
        #expect(mapping.timeColumns == ["Date"])
    }

    // MARK: Numbers (F11)

    @Test(arguments: [
        ("-1", "'-1'"), ("9223372036854775807", "'9223372036854775807'"), ("1001", "'1001'"), ("1.5", "'1.5'"),
        ("\"1\"", "text \"1\""), ("'1'", "text \"1\""), ("[1]", "a list"), ("{a: 1}", "a mapping"), ("1e1", "'1e1'"),
        ("0x10", "'0x10'"), ("1_0", "'1_0'"), ("+1", "'+1'"), ("~", "'~'"), ("true", "'true'"), ("", "nothing"),
    ])
    func skipLinesIsAWholeNumberInRange(value: String, found: String) {
        #expect(
            Self.failure(Self.base + "skip_lines: \(value)\n" + Self.entries)
                == "m.yaml:3: error: mapping: skip_lines: expected a whole number from 0 to 1000, got \(found)")
    }

    @Test(arguments: [("0", 0), ("3", 3), ("1000", 1000), ("007", 7)])
    func skipLinesInRangeIsRead(value: String, lines: Int) throws {
        #expect(
            try Mapping.parse(Self.base + "skip_lines: \(value)\n" + Self.entries, file: "m.yaml").skipLines == lines)
    }

    @Test(arguments: [
        ("negative_parentheses: 1\n", "negative_parentheses: expected true or false, got '1'"),
        ("negative_parentheses: \"yes\"\n", "negative_parentheses: expected true or false, got text \"yes\""),
        ("currency_symbols: 5\n", "currency_symbols: expected a list of texts, got '5'"),
        ("currency_symbols: [[$]]\n", "currency_symbols: expected a list of texts, got a list"),
    ])
    func typedKeysRefuseOtherValues(line: String, message: String) {
        #expect(Self.failure(Self.base + line + Self.entries) == "m.yaml:3: error: mapping: " + message)
    }

    /// A value that YAML would read as a number is text as written where the mapping wants text
    /// (`equals: 0012` matches `0012`, not `12`; `10:30` is not the sexagesimal 630).
    @Test func numberLikeTextIsKeptAsWritten() throws {
        let mapping = try Mapping.parse(
            Self.base + "skip:\n  - {column: Code, equals: 0012}\n  - {column: Time, in: [10:30, 1.50]}\n"
                + Self.entries,
            file: "m.yaml")
        #expect(mapping.skip.map(\.test) == [.equals("0012"), .isIn(["10:30", "1.50"])])
    }

    // MARK: Limits (F9, F10)

    @Test func deepFlowNestingIsAnErrorNotACrash() {
        let text = String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)
        #expect(
            Self.failure(text)
                == "m.yaml:1: error: mapping: expected lists and mappings nested at most 64 deep, got a 65th level")
        #expect(Self.failure("a:\n" + String(repeating: "{b: ", count: 3000)) != nil)
    }

    @Test func deepBlockNestingIsAnErrorNotACrash() {
        var text = ""
        for depth in 0..<100 { text += String(repeating: " ", count: depth) + "k\(depth):\n" }
        #expect(
            Self.failure(text)
                == "m.yaml:65: error: mapping: expected lists and mappings nested at most 64 deep, got a 65th level")
    }

    /// "Billion laughs": each level's list repeats the previous level ten times.
    static func laughs(_ levels: Int) -> String {
        var text = "a0: &a0 [\"lol\"]\n"
        for level in 1...levels {
            text +=
                "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
                + "]\n"
        }
        return text
    }

    @Test(arguments: [7, 8, 11, 30])
    func aliasExpansionIsBounded(levels: Int) {
        // Level k holds 1 + 10 × level k-1 values (a0: the list and "lol"): the mapping up to a4 holds 23,462
        // values, a5's list 21,111 more per alias of a4, so its 4th alias (line 6) passes 100,000.
        #expect(
            Self.failure(Self.laughs(levels))
                == "m.yaml:6: error: mapping: expected at most 100000 values with aliases expanded, got more at alias '*a4'"
        )
    }

    @Test func aliasesWithinTheBoundStillWork() throws {
        let mapping = try Mapping.parse(
            Self.base
                + "skip:\n  - {column: Status, in: &pending [Pending, Denied]}\nkeep:\n  - {column: Hold, not_in: *pending}\n"
                + Self.entries, file: "m.yaml")
        #expect(mapping.keep.map(\.test) == [.notIn(["Pending", "Denied"])])
    }

    @Test func anOversizedFileIsAnError() {
        let text = Self.base + Self.entries + "# " + String(repeating: "x", count: 1 << 20) + "\n"
        #expect(
            Self.failure(text)
                == "m.yaml: error: mapping: expected a file of at most 1048576 bytes, got \(text.utf8.count) bytes")
    }
}
