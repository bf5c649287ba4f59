import LedgerPressCore

/// A JSON object of scalars, parsed from bytes, keeping each value's source text.
///
/// Numbers keep their text (an amount is never read through floating point); strings are
/// unescaped (`\n`, `\"`, `\u00e9`, surrogate pairs); `null` is an absent value; nested
/// objects and arrays are refused. A key given twice (compared after unescaping) is refused: which of
/// the two values counts would be a guess.
enum FlatJSONObject {
    enum Failure: Error, Equatable {
        case malformed(String)
        /// The key, and the 1-based byte columns in the line where its two occurrences start (their `"`).
        case duplicateKey(String, first: Int, second: Int)
    }

    static func parse(_ bytes: ArraySlice<UInt8>) throws(Failure) -> [String: String] {
        var p = bytes.startIndex
        let end = bytes.endIndex
        func skipSpace() {
            while p < end, bytes[p] == 32 || bytes[p] == 9 || bytes[p] == 13 || bytes[p] == 10 { p += 1 }
        }
        func expect(_ byte: UInt8, _ what: String) throws(Failure) {
            skipSpace()
            guard p < end, bytes[p] == byte else { throw .malformed("\(what) expected") }
            p += 1
        }
        func string() throws(Failure) -> String {
            try expect(UInt8(ascii: "\""), "a string")
            do {
                return try JSONString.decode(bytes, at: &p)
            } catch {
                throw .malformed(error.text)
            }
        }
        var object: [String: String] = [:]
        var columns: [String: Int] = [:]
        try expect(UInt8(ascii: "{"), "'{'")
        skipSpace()
        if p < end, bytes[p] == UInt8(ascii: "}") {
            p += 1
        } else {
            while true {
                skipSpace()
                let column = p - bytes.startIndex + 1
                let key = try string()
                if let first = columns[key] { throw .duplicateKey(key, first: first, second: column) }
                columns[key] = column
                try expect(UInt8(ascii: ":"), "':'")
                skipSpace()
                guard p < end else { throw .malformed("a value expected") }
                switch bytes[p] {
                case UInt8(ascii: "\""): object[key] = try string()
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    throw .malformed("a plain value for '\(key)' expected, not an object or array")
                default:
                    let start = p
                    while p < end, ![UInt8(ascii: ","), UInt8(ascii: "}"), 32, 9, 10, 13].contains(bytes[p]) { p += 1 }
                    let text = String(decoding: bytes[start..<p], as: UTF8.self)
                    switch text {
                    case "null": break
                    case "true", "false": object[key] = text
                    default:
                        guard text.first.map({ $0 == "-" || $0.isNumber }) == true else {
                            throw .malformed("a valid value for '\(key)' expected")
                        }
                        object[key] = text
                    }
                }
                skipSpace()
                guard p < end else { throw .malformed("'}' expected") }
                if bytes[p] == UInt8(ascii: ",") {
                    p += 1
                    continue
                }
                try expect(UInt8(ascii: "}"), "'}' or ','")
                break
            }
        }
        skipSpace()
        guard p == end else { throw .malformed("nothing expected after the object") }
        return object
    }
}
