import Testing

@testable import LedgerPressImport

/// Inputs the fuzz targets (Fuzz/Targets) found crashing or breaking an invariant, kept so they stay fixed.
@Suite struct ImportFuzzRegressionTests {
    /// Fuzz/Targets/mapping.swift: Yams 5.0.1's `load` force-unwraps every mapping key as text, so a
    /// mapping file with a list or mapping as a key (`? -` complex keys, `{[a]: b}`, a `!!set` of lists)
    /// trapped the run. Such a file is now a mapping error naming the file.
    @Test(arguments: [
        "?\r\n\r\n-\r\n\r\n",  // the fuzzer's input: a complex key holding an empty list
        "{[a]: b}\n",
        "name: x\nfields: {? {a: 1} : id}\n",
        "!!set {? [a]}\n",
        "base: &b {x: 1}\nother:\n  <<: *b\n  ? [k]\n  : v\n",
    ])
    func mappingWithANonTextKeyIsAnError(text: String) {
        #expect(throws: Mapping.Failure.self) { try Mapping.parse(text, file: "m.yaml") }
        do {
            _ = try Mapping.parse(text, file: "m.yaml")
        } catch {
            #expect(error.description.hasPrefix("m.yaml: error: mapping: "))
        }
    }

    /// Fuzz/Targets/jsonl.swift: a high surrogate followed by a `\u` escape that is not a low surrogate
    /// underflowed `low - 0xDC00` and trapped; it is a malformed line now.
    @Test(arguments: [
        #"{"id":"\ud800\u0041"}"#, #"{"id":"\udbff\u0000"}"#, #"{"id":"\ud83d\ud83d"}"#, #"{"a":"\ud800\uffff"}"#,
    ])
    func highSurrogateWithoutLowIsMalformed(line: String) {
        #expect(throws: FlatJSONObject.Failure.malformed("a lone surrogate")) {
            try FlatJSONObject.parse(ArraySlice(Array(line.utf8)))
        }
        let result = JSONLinesImporter.read(bytes: Array((line + "\n").utf8), file: "in.jsonl")
        #expect(result.rows.isEmpty && result.rejected.map(\.line) == [1])
    }

    @Test func surrogatePairsStillDecode() throws {
        let object = try FlatJSONObject.parse(ArraySlice(Array(#"{"d":"\ud83d\ude00"}"#.utf8)))
        #expect(object["d"] == "\u{1F600}")
    }
}
