import Testing

@testable import LedgerPressCore

/// The one JSON string decoder: every escape, surrogate pairs, and each way a string can be wrong.
@Suite struct JSONStringTests {
    /// Decodes `body` (the text after an opening quote) and says where decoding stopped.
    func decode(_ body: String) throws(JSONString.Failure) -> (String, Int) {
        let bytes = Array(body.utf8)
        var index = 0
        let text = try JSONString.decode(bytes, at: &index)
        return (text, index)
    }

    @Test func escapesAndPairsAreDecoded() throws {
        let (text, end) = try decode(#"a\"\\\/\b\f\n\r\t\u00e9\uD83D\uDE00é" rest"#)
        #expect(text == "a\"\\/\u{8}\u{C}\n\r\té😀é")
        #expect(end == Array(#"a\"\\\/\b\f\n\r\t\u00e9\uD83D\uDE00é""#.utf8).count)
    }

    @Test(arguments: [
        (#"\x""#, JSONString.Failure.invalidEscape),
        (#"\u12""#, .invalidUnicodeEscape),
        (#"\u+041""#, .invalidUnicodeEscape),
        (#"\uDC00""#, .invalidUnicodeEscape),
        (#"\uD800x""#, .loneSurrogate),
        (#"\uD800\u0041""#, .loneSurrogate),
        ("a\u{1}\"", .controlCharacter),
        ("abc", .unterminated),
        (#"ab\"#, .unterminated),
    ])
    func badStringsAreRefused(body: String, failure: JSONString.Failure) {
        #expect(throws: failure) { _ = try decode(body) }
    }

    @Test func invalidUTF8IsRefusedNotRepaired() {
        var index = 0
        #expect(throws: JSONString.Failure.invalidUTF8) {
            _ = try JSONString.decode([0x61, 0xC3, 0x22], at: &index)
        }
    }
}
