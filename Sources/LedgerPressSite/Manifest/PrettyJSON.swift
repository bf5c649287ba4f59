import Foundation
import LedgerPressCore

/// JSON text in the one form of ``ManifestJSON`` (keys sorted, two-space indent, `" : "`, slashes unescaped),
/// written straight to bytes: the payee manifests, one per payee and run, cost a fifth of a finance-only
/// build's CPU through `JSONEncoder`'s generic containers. Keys are given by the caller in sorted order.
///
/// > Note: `PrettyJSONTests` checks every byte against `JSONEncoder` on generated manifests, including
/// > quotes, backslashes, control characters and non-ASCII text.
struct PrettyJSON {
    private var bytes: [UInt8] = []
    /// The text before `bytes`, moved there a mebibyte at a time: a large manifest (126 MB at 5M entries) is then
    /// held once, instead of whole in `bytes` and again in the `Data` that ``finish()`` returns.
    private var written = Data()
    /// Members written so far at each open level.
    private var counts: [Int] = []

    private static let chunk = 1 << 20

    /// `capacity`: about how long the text will be.
    init(capacity: Int = 4096) {
        bytes.reserveCapacity(min(capacity, 2 * Self.chunk))
        if capacity > Self.chunk { written.reserveCapacity(capacity) }
    }

    mutating func beginObject() { open(UInt8(ascii: "{")) }
    mutating func endObject() { close(UInt8(ascii: "}")) }
    mutating func beginArray() { open(UInt8(ascii: "[")) }
    mutating func endArray() { close(UInt8(ascii: "]")) }

    /// Starts an object member; its value follows.
    mutating func key(_ name: String) {
        member()
        quoted(name)
        bytes.append(32)
        bytes.append(UInt8(ascii: ":"))
        bytes.append(32)
    }

    /// Starts an array element; its value follows.
    mutating func element() { member() }

    mutating func string(_ value: String) { quoted(value) }

    mutating func int(_ value: Int) { bytes.append(contentsOf: String(value).utf8) }

    /// A member with a string value.
    mutating func field(_ name: String, _ value: String) {
        key(name)
        quoted(value)
    }

    /// A member with a number value.
    mutating func field(_ name: String, _ value: Int) {
        key(name)
        int(value)
    }

    /// A member whose value is an array of strings.
    mutating func field(_ name: String, _ values: [String]) {
        array(name, values) { json, value in json.string(value) }
    }

    /// A member whose value is an array of numbers.
    mutating func field(_ name: String, _ values: [Int]) { array(name, values) { json, value in json.int(value) } }

    /// A member whose value is an array of `items`, each written by `write`.
    mutating func array<Item>(_ name: String, _ items: [Item], _ write: (inout PrettyJSON, Item) -> Void) {
        key(name)
        beginArray()
        for item in items {
            element()
            write(&self, item)
        }
        endArray()
    }

    /// A member whose value is an array of `items`, written in up to `slices` slices at once, then put in order: an
    /// element's text depends only on how deep it is and whether one comes before it.
    mutating func array<Item: Sendable>(
        _ name: String, _ items: [Item], slices: Int, _ write: @escaping @Sendable (inout PrettyJSON, Item) -> Void
    ) {
        let count = min(slices, items.count / 64)
        guard count > 1 else { return array(name, items, write) }
        key(name)
        beginArray()
        let depth = counts.count
        let parts = ParallelSlices.map(ParallelSlices.ranges(count: items.count, slices: count)) { range in
            var part = PrettyJSON(capacity: 2 * Self.chunk)
            // As deep as the array's elements, after an element unless this is the first slice.
            part.counts = Array(repeating: 0, count: depth - 1) + [range.lowerBound == 0 ? 0 : 1]
            for item in items[range] {
                part.element()
                write(&part, item)
            }
            part.written.append(contentsOf: part.bytes)
            return part.written
        }
        written.append(contentsOf: bytes)
        bytes.removeAll(keepingCapacity: true)
        for part in parts { written.append(part) }
        counts[depth - 1] = items.count
        endArray()
    }

    /// The text with a final newline, as ``ManifestJSON/encode(_:)`` ends it.
    mutating func finish() -> Data {
        bytes.append(10)
        if written.isEmpty { return Data(bytes) }
        written.append(contentsOf: bytes)
        bytes = []
        return written
    }

    private mutating func open(_ bracket: UInt8) {
        bytes.append(bracket)
        bytes.append(10)
        counts.append(0)
    }

    private mutating func close(_ bracket: UInt8) {
        counts.removeLast()
        bytes.append(10)
        indent()
        bytes.append(bracket)
    }

    private mutating func member() {
        if bytes.count >= Self.chunk {
            written.append(contentsOf: bytes)
            bytes.removeAll(keepingCapacity: true)
        }
        if counts[counts.count - 1] > 0 {
            bytes.append(UInt8(ascii: ","))
            bytes.append(10)
        }
        counts[counts.count - 1] += 1
        indent()
    }

    private mutating func indent() {
        bytes.append(contentsOf: repeatElement(32, count: 2 * counts.count))
    }

    private mutating func quoted(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        // Most texts (digests, paths, periods, amounts) need no escape: their bytes go in at once.
        let plain = text.utf8.withContiguousStorageIfAvailable { utf8 in
            guard !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == 92 }) else { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        if plain == true {
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [92, byte])
            case 92: bytes.append(contentsOf: [92, 92])
            case 10: bytes.append(contentsOf: [92, UInt8(ascii: "n")])
            case 13: bytes.append(contentsOf: [92, UInt8(ascii: "r")])
            case 9: bytes.append(contentsOf: [92, UInt8(ascii: "t")])
            case 8: bytes.append(contentsOf: [92, UInt8(ascii: "b")])
            case 12: bytes.append(contentsOf: [92, UInt8(ascii: "f")])
            case 0..<32: bytes.append(contentsOf: Array("\\u00".utf8) + Self.hex(byte))
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static func hex(_ byte: UInt8) -> [UInt8] {
        let digits = Array("0123456789abcdef".utf8)
        return [digits[Int(byte >> 4)], digits[Int(byte & 15)]]
    }
}
