import Foundation
import LedgerPressCore

/// Reads JSON text in one pass, value by value, for a type that knows its own members (the payee manifests,
/// read for every payee a late night renders again: `JSONDecoder`'s generic containers were a tenth of it).
///
/// It is strict and small on purpose: RFC 8259 syntax, integers without fraction or exponent, strings that are
/// valid UTF-8, and no member named twice in one object. Whatever it does not expect throws ``Unexpected``, and
/// its callers then decode the same bytes with `JSONDecoder`, which accepts or refuses them with its own words
/// (``PreviousManifest/read(_:in:)``). So a value read here is always the one `JSONDecoder` would have made.
struct JSONCursor {
    /// Something this reader does not take; the caller hands the text to `JSONDecoder`.
    struct Unexpected: Error {}

    private let bytes: UnsafeRawBufferPointer
    private var index = 0

    private init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    /// `read` applied to the one value `data` holds (white space may surround it, nothing else).
    static func decode<T>(_ data: Data, _ read: (inout JSONCursor) throws(Unexpected) -> T) throws(Unexpected) -> T {
        let result: Result<T, Unexpected> = data.withUnsafeBytes { raw in
            var cursor = JSONCursor(raw)
            do throws(Unexpected) {
                let value = try read(&cursor)
                cursor.skipSpace()
                guard cursor.index == raw.count else { throw Unexpected() }
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// An object: `member` is called with each name and must read that member's value.
    mutating func object(_ member: (inout JSONCursor, String) throws(Unexpected) -> Void) throws(Unexpected) {
        try expect(UInt8(ascii: "{"))
        var names: [String] = []
        if try peek() == UInt8(ascii: "}") {
            index += 1
            return
        }
        while true {
            let name = try string()
            guard !names.contains(name) else { throw Unexpected() }
            names.append(name)
            try expect(UInt8(ascii: ":"))
            try member(&self, name)
            let next = try take()
            if next == UInt8(ascii: "}") { return }
            guard next == UInt8(ascii: ",") else { throw Unexpected() }
        }
    }

    /// An array: `element` is called for each element and must read it.
    mutating func array(_ element: (inout JSONCursor) throws(Unexpected) -> Void) throws(Unexpected) {
        try expect(UInt8(ascii: "["))
        if try peek() == UInt8(ascii: "]") {
            index += 1
            return
        }
        while true {
            try element(&self)
            let next = try take()
            if next == UInt8(ascii: "]") { return }
            guard next == UInt8(ascii: ",") else { throw Unexpected() }
        }
    }

    /// An array whose elements `read` makes.
    mutating func list<T>(_ read: (inout JSONCursor) throws(Unexpected) -> T) throws(Unexpected) -> [T] {
        var items: [T] = []
        try array { cursor throws(Unexpected) in items.append(try read(&cursor)) }
        return items
    }

    /// `null` (nil), or an array whose elements `read` makes: an optional array member, as `decodeIfPresent` reads it.
    mutating func optionalList<T>(_ read: (inout JSONCursor) throws(Unexpected) -> T) throws(Unexpected) -> [T]? {
        try null() ? nil : try list(read)
    }

    /// `null`, read, or nothing read when the value is something else.
    mutating func null() throws(Unexpected) -> Bool {
        guard try peek() == UInt8(ascii: "n") else { return false }
        guard index + 4 <= bytes.count, bytes[index + 1] == UInt8(ascii: "u"), bytes[index + 2] == UInt8(ascii: "l"),
            bytes[index + 3] == UInt8(ascii: "l")
        else { throw Unexpected() }
        index += 4
        return true
    }

    /// An integer: an optional `-` and digits, no leading zero, no fraction or exponent, within `Int`.
    mutating func int() throws(Unexpected) -> Int {
        skipSpace()
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        let start = index
        var value = 0
        while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
            let digit = Int(bytes[index] &- UInt8(ascii: "0"))
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) =
                negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
            guard !overflow, !overflow2 else { throw Unexpected() }
            value = sum
            index += 1
        }
        guard index > start, index - start == 1 || bytes[start] != UInt8(ascii: "0") else { throw Unexpected() }
        if index < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[index]) {
            throw Unexpected()
        }
        return value
    }

    /// A string, its escapes resolved.
    mutating func string() throws(Unexpected) -> String {
        try expect(UInt8(ascii: "\""))
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = try Self.text(UnsafeRawBufferPointer(rebasing: bytes[start..<index]))
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") {
                // A string with an escape: decoded from its start by the tool's one JSON string decoder.
                index = start
                do {
                    return try JSONString.decode(bytes, at: &index)
                } catch {
                    throw Unexpected()
                }
            }
            guard byte >= 0x20 else { throw Unexpected() }
            index += 1
        }
        throw Unexpected()
    }

    /// A string, taken or refused as ``string()`` takes it, without making it: plain ASCII is only scanned (the
    /// output check reads the 25 MB manifest of a 10,000-payee site for its last member, skipping every digest).
    private mutating func skipString() throws(Unexpected) {
        let quote = index
        try expect(UInt8(ascii: "\""))
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return
            }
            if byte == UInt8(ascii: "\\") || byte >= 0x80 {
                // An escape or text that is not ASCII: read as string() reads it.
                index = quote
                _ = try string()
                return
            }
            guard byte >= 0x20 else { throw Unexpected() }
            index += 1
        }
        throw Unexpected()
    }

    /// Any one value, read and dropped (a member this reader's caller does not use, as `JSONDecoder` ignores it).
    mutating func skipValue() throws(Unexpected) {
        switch try peek() {
        case UInt8(ascii: "{"): try object { cursor, _ throws(Unexpected) in try cursor.skipValue() }
        case UInt8(ascii: "["): try array { cursor throws(Unexpected) in try cursor.skipValue() }
        case UInt8(ascii: "\""): try skipString()
        case UInt8(ascii: "n"): _ = try null()
        case UInt8(ascii: "t"): try word("true")
        case UInt8(ascii: "f"): try word("false")
        default: _ = try int()
        }
    }

    // MARK: - Bytes

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private mutating func peek() throws(Unexpected) -> UInt8 {
        skipSpace()
        guard index < bytes.count else { throw Unexpected() }
        return bytes[index]
    }

    private mutating func take() throws(Unexpected) -> UInt8 {
        let byte = try peek()
        index += 1
        return byte
    }

    private mutating func expect(_ byte: UInt8) throws(Unexpected) {
        guard try take() == byte else { throw Unexpected() }
    }

    private mutating func word(_ text: StaticString) throws(Unexpected) {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw Unexpected() }
        for offset in 0..<count where bytes[index + offset] != text.utf8Start[offset] { throw Unexpected() }
        index += count
    }

    /// Valid UTF-8 as a `String`; anything else is refused (never repaired).
    ///
    /// ASCII (every path, digest and key of a manifest) is taken as it is: `String(validating:as:)` is generic over
    /// the encoding and was not specialized here, and its metadata look-ups were a quarter of reading a manifest.
    private static func text(_ raw: UnsafeRawBufferPointer) throws(Unexpected) -> String {
        let text = raw.withMemoryRebound(to: UInt8.self) { bytes in
            bytes.allSatisfy { $0 < 0x80 }
                ? String(decoding: bytes, as: UTF8.self) : String(validating: bytes, as: UTF8.self)
        }
        guard let text else { throw Unexpected() }
        return text
    }
}
