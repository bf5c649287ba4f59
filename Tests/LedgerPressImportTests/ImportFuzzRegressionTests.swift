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
}
