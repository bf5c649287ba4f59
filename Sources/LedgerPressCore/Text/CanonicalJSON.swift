/// A JSON value with integers only, written canonically: object keys sorted by their UTF-8 bytes, no
/// whitespace, integers in plain decimal, strings with only `"`, `\` and control characters escaped
/// (`\b \f \n \r \t`, else `\u00xx`). The same value always gives the same bytes, so a digest of them
/// identifies the value (the income letter's figures document).
///
/// > Note: the reader (``parse(_:)``) is strict: no floats, exponents, duplicate keys, leading zeros,
/// > trailing bytes, or nesting deeper than 32; anything else is refused, never repaired.
public indirect enum CanonicalJSON: Sendable, Equatable {
    case object([String: CanonicalJSON])
    case array([CanonicalJSON])
    case string(String)
    case integer(Int64)
    case bool(Bool)
    case null

    /// The canonical bytes.
    public var bytes: [UInt8] {
        var out: [UInt8] = []
        write(into: &out)
        return out
    }

    func write(into out: inout [UInt8]) {
        switch self {
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, key) in members.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                CanonicalJSON.writeString(key, into: &out)
                out.append(UInt8(ascii: ":"))
                members[key]?.write(into: &out)
            }
            out.append(UInt8(ascii: "}"))
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                item.write(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .string(let text): CanonicalJSON.writeString(text, into: &out)
        case .integer(let value): out += Array(String(value).utf8)
        case .bool(let value): out += Array((value ? "true" : "false").utf8)
        case .null: out += Array("null".utf8)
        }
    }

    static func writeString(_ text: String, into out: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case 0x08: out += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
            case 0x0C: out += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
            case 0x0A: out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D: out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09: out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0..<0x20:
                out += Array("\\u00".utf8)
                out += [hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// A member of an object, or nil.
    public subscript(key: String) -> CanonicalJSON? {
        guard case .object(let members) = self else { return nil }
        return members[key]
    }

    public var stringValue: String? {
        guard case .string(let text) = self else { return nil }
        return text
    }
}
