/// A JSON object of scalars, parsed from bytes, keeping each value's source text.
///
/// Numbers keep their text (an amount is never read through floating point); strings are
/// unescaped (`\n`, `\"`, `\u00e9`, surrogate pairs); `null` is an absent value; nested
/// objects and arrays are refused.
enum FlatJSONObject {
    enum Failure: Error, Equatable {
        case malformed(String)
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
            var out: [UInt8] = []
            while p < end {
                let b = bytes[p]
                p += 1
                if b == UInt8(ascii: "\"") {
                    guard let text = String(validating: out, as: UTF8.self) else { throw .malformed("invalid UTF-8") }
                    return text
                }
                guard b == UInt8(ascii: "\\") else {
                    guard b >= 0x20 else { throw .malformed("a control character in a string") }
                    out.append(b)
                    continue
                }
                guard p < end else { break }
                let e = bytes[p]
                p += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "n"): out.append(10)
                case UInt8(ascii: "t"): out.append(9)
                case UInt8(ascii: "r"): out.append(13)
                case UInt8(ascii: "b"): out.append(8)
                case UInt8(ascii: "f"): out.append(12)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar) {
                        guard p + 1 < end, bytes[p] == UInt8(ascii: "\\"), bytes[p + 1] == UInt8(ascii: "u") else {
                            throw .malformed("a lone surrogate")
                        }
                        p += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw .malformed("a lone surrogate") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let u = Unicode.Scalar(scalar) else { throw .malformed("an invalid \\u escape") }
                    out.append(contentsOf: Array(String(Character(u)).utf8))
                default: throw .malformed("an invalid escape")
                }
            }
            throw .malformed("an unterminated string")
        }
        func hex4() throws(Failure) -> UInt32 {
            guard p + 4 <= end, let v = UInt32(String(decoding: bytes[p..<(p + 4)], as: UTF8.self), radix: 16) else {
                throw .malformed("an invalid \\u escape")
            }
            p += 4
            return v
        }
        var object: [String: String] = [:]
        try expect(UInt8(ascii: "{"), "'{'")
        skipSpace()
        if p < end, bytes[p] == UInt8(ascii: "}") {
            p += 1
        } else {
            while true {
                let key = try string()
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
