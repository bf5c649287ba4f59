/// An entry's id in 32 bytes of the entry itself: up to 30 UTF-8 bytes inline (a Stripe id is 27 or 28),
/// so that an id needs no heap block of its own; a longer id is kept in the entry's ``EntryTexts``.
///
/// > Note: a String keeps only 15 bytes inline; a longer id cost a 64-byte heap block per entry. The id
/// > comes back with exactly the bytes it went in with.
struct PackedID: Sendable {
    typealias Words = (UInt64, UInt64, UInt64, UInt64)
    private(set) var words: Words = (0, 0, 0, 0)

    /// The id packed as `words` (from ``words`` of a packed id).
    init(words: Words) { self.words = words }

    /// The last byte: the inline length, or ``long`` (then the first four bytes are the ``EntryTexts`` number).
    private static let lengthByte = 31
    private static let inlineCapacity = 30
    private static let long: UInt8 = 0xFF

    /// The id packed inline; nil when it is longer than ``inlineCapacity`` bytes.
    init?(inline id: String) {
        var id = id
        let inline = id.withUTF8 { bytes -> Bool in
            guard bytes.count <= Self.inlineCapacity else { return false }
            withUnsafeMutableBytes(of: &words) { raw in
                raw.copyMemory(from: UnsafeRawBufferPointer(bytes))
                raw[Self.lengthByte] = UInt8(bytes.count)
            }
            return true
        }
        guard inline else { return nil }
    }

    /// A long id, as its number in an ``EntryTexts`` table.
    init(number: EntryTexts.Number) {
        withUnsafeMutableBytes(of: &words) { raw in
            raw.storeBytes(of: number, as: EntryTexts.Number.self)
            raw[Self.lengthByte] = Self.long
        }
    }

    /// Whether the id is kept in the table (its number), not inline.
    var isLong: Bool { withUnsafeBytes(of: words) { $0[Self.lengthByte] == Self.long } }

    /// The id with its table number (a long id's) read through `numbers`.
    func renumbered(_ numbers: (EntryTexts.Number) -> EntryTexts.Number) -> PackedID {
        guard isLong else { return self }
        return PackedID(number: numbers(withUnsafeBytes(of: words) { $0.load(as: EntryTexts.Number.self) }))
    }

    init(_ id: String, texts: EntryTexts) {
        self = PackedID(inline: id) ?? PackedID(number: texts.number(of: id, lane: .id))
    }

    /// The id (`texts`: the table it was packed with).
    func string(_ texts: EntryTexts) -> String {
        withUnsafeBytes(of: words) { raw in
            let length = raw[Self.lengthByte]
            guard length != Self.long else { return texts.text(raw.load(as: EntryTexts.Number.self)) ?? "" }
            return String(decoding: UnsafeRawBufferPointer(rebasing: raw[0..<Int(length)]), as: UTF8.self)
        }
    }

    /// Whether the id equals `other` as Strings compare (canonical equivalence), without making a String
    /// when both are ASCII: different ASCII bytes are never equivalent texts.
    func equals(_ other: String, _ texts: EntryTexts) -> Bool {
        withUnsafeBytes(of: words) { raw -> Bool in
            let length = Int(raw[Self.lengthByte])
            guard length != Int(Self.long) else { return string(texts) == other }
            let mine = UnsafeRawBufferPointer(rebasing: raw[0..<length])
            var other = other
            let decided = other.withUTF8 { theirs -> Bool? in
                if theirs.count == length && mine.elementsEqual(theirs) { return true }
                if mine.allSatisfy({ $0 < 0x80 }) && theirs.allSatisfy({ $0 < 0x80 }) { return false }
                return nil
            }
            return decided ?? (String(decoding: mine, as: UTF8.self) == other)
        }
    }

    /// Whether this id comes before `other` in the order of their UTF-8 bytes (each with its entry's table).
    func precedes(_ other: PackedID, _ texts: EntryTexts, _ otherTexts: EntryTexts) -> Bool {
        withUnsafeBytes(of: words) { mine in
            withUnsafeBytes(of: other.words) { theirs in
                let (a, b) = (Int(mine[Self.lengthByte]), Int(theirs[Self.lengthByte]))
                guard a != Int(Self.long), b != Int(Self.long) else {
                    return string(texts).utf8Precedes(other.string(otherTexts))
                }
                for index in 0..<min(a, b) where mine[index] != theirs[index] { return mine[index] < theirs[index] }
                return a < b
            }
        }
    }
}
