/// Gives one shared String per distinct text read, so that a million rows naming ten thousand payees hold
/// ten thousand names, not a million copies.
///
/// > Note: texts are told apart by their UTF-8 bytes (two texts with the same bytes are the same String).
/// > Texts of up to 15 bytes are made directly: Swift keeps them inside the String value, with nothing
/// > to share. A pool that stops finding repeats (ids unique to each row) stops storing new texts.
struct StringPool {
    private var slots: [Int32]
    private var strings: [String] = []
    private var hashes: [UInt64] = []
    private var mask: Int
    private var lookups = 0
    private var hits = 0

    init(capacity: Int = 1_024) {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        slots = Array(repeating: -1, count: size)
        mask = size - 1
    }

    /// The String of `bytes` (valid UTF-8), shared with every earlier text of the same bytes.
    mutating func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.count > 15 else { return String(decoding: bytes, as: UTF8.self) }
        let hash = StringPool.hash(bytes)
        var slot = Int(truncatingIfNeeded: hash) & mask
        lookups += 1
        while slots[slot] >= 0 {
            let index = Int(slots[slot])
            if hashes[index] == hash, strings[index].utf8.elementsEqual(bytes) {
                hits += 1
                return strings[index]
            }
            slot = (slot + 1) & mask
        }
        let made = String(decoding: bytes, as: UTF8.self)
        // After a fair trial, a pool that finds almost no repeats is not worth its memory.
        if lookups > 4_096 && hits * 8 < lookups { return made }
        guard strings.count < Int(Int32.max) else { return made }
        slots[slot] = Int32(strings.count)
        strings.append(made)
        hashes.append(hash)
        if strings.count * 2 > slots.count { grow() }
        return made
    }

    private mutating func grow() {
        slots = Array(repeating: -1, count: slots.count * 2)
        mask = slots.count - 1
        for (index, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index)
        }
    }

    /// FNV-1a over the bytes, finished with a multiply-xorshift so that the low bits spread.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { h = (h ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        h ^= h >> 32
        h = h &* 0xD6E8_FEB8_6659_FD93
        return h ^ (h >> 32)
    }
}
