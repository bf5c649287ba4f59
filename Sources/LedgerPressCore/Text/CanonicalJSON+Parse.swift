extension CanonicalJSON {
    /// Why bytes are not a JSON value this reader takes, and the byte offset where it saw so.
    public struct ParseFailure: Error, Sendable, Equatable, CustomStringConvertible {
        public var offset: Int
        public var expected: String
        public var description: String { "at byte \(offset): expected \(expected)" }
    }

    /// The value of `bytes` (one value, optional surrounding whitespace); see the type's note for what is refused.
    public static func parse(_ bytes: [UInt8]) throws(ParseFailure) -> CanonicalJSON {
        var reader = Reader(bytes: bytes)
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.index == bytes.count else { throw reader.fail("the end of the document") }
        return value
    }

    struct Reader {
        let bytes: [UInt8]
        var index = 0

        func fail(_ expected: String) -> ParseFailure { ParseFailure(offset: index, expected: expected) }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func literal(_ word: String, _ value: CanonicalJSON) throws(ParseFailure) -> CanonicalJSON {
            let word = Array(word.utf8)
            guard bytes.count - index >= word.count, Array(bytes[index..<index + word.count]) == word else {
                throw fail("a JSON value")
            }
            index += word.count
            return value
        }

        mutating func string() throws(ParseFailure) -> String {
            index += 1
            do {
                return try JSONString.decode(bytes, at: &index)
            } catch {
                throw fail("a valid string (\(error.text))")
            }
        }

        mutating func integer() throws(ParseFailure) -> CanonicalJSON {
            let start = index
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            let digits = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            guard index > digits, !(bytes[digits] == UInt8(ascii: "0") && index - digits > 1) else {
                index = start
                throw fail("an integer without leading zeros")
            }
            if index < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[index]) {
                throw fail("an integer (no fractions or exponents)")
            }
            guard let value = Int64(String(decoding: bytes[start..<index], as: UTF8.self)) else {
                index = start
                throw fail("an integer that fits in 64 bits")
            }
            return .integer(value)
        }

        /// After a member or an item: true past the closing bracket `close`, false past a `,`; anything else fails
        /// where it stands.
        mutating func closes(with close: Unicode.Scalar) throws(ParseFailure) -> Bool {
            skipSpace()
            guard index < bytes.count else { throw fail("',' or '\(close)'") }
            switch bytes[index] {
            case UInt8(ascii: close):
                index += 1
                return true
            case UInt8(ascii: ","):
                index += 1
                return false
            default: throw fail("',' or '\(close)'")
            }
        }

        mutating func value(depth: Int) throws(ParseFailure) -> CanonicalJSON {
            skipSpace()
            guard depth < 32 else { throw fail("at most 32 levels of nesting") }
            guard index < bytes.count else { throw fail("a JSON value") }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                var members: [String: CanonicalJSON] = [:]
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return .object(members)
                }
                while true {
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("a key") }
                    let keyAt = index
                    let key = try string()
                    guard members[key] == nil else {
                        index = keyAt
                        throw fail("no duplicate key '\(key)'")
                    }
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("':'") }
                    index += 1
                    members[key] = try value(depth: depth + 1)
                    if try closes(with: "}") { return .object(members) }
                }
            case UInt8(ascii: "["):
                index += 1
                var items: [CanonicalJSON] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return .array(items)
                }
                while true {
                    items.append(try value(depth: depth + 1))
                    if try closes(with: "]") { return .array(items) }
                }
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): return try literal("true", .bool(true))
            case UInt8(ascii: "f"): return try literal("false", .bool(false))
            case UInt8(ascii: "n"): return try literal("null", .null)
            default: return try integer()
            }
        }
    }
}
