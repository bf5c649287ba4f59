import LedgerPressCore
import LedgerPressCrypto

/// SHA-256 over typed fields, each written unambiguously (text length-prefixed, numbers as 8 bytes, a
/// marker for an absent value), so two different sequences of fields never hash the same bytes.
struct DigestBuilder {
    private var hasher = SHA256()
    private var buffer: [UInt8] = []

    init(_ domain: String) {
        buffer.reserveCapacity(1 << 10)
        text(domain)
    }

    mutating func text(_ value: String) {
        int(Int64(value.utf8.count))
        buffer.append(utf8: value)
        flushIfFull()
    }

    mutating func optional(_ value: String?) {
        guard let value else {
            buffer.append(0)
            return
        }
        buffer.append(1)
        text(value)
    }

    mutating func int(_ value: Int64) {
        withUnsafeBytes(of: value.littleEndian) { buffer.append(contentsOf: $0) }
    }

    mutating func int(_ value: Int) { int(Int64(value)) }

    mutating func timestamp(_ value: Timestamp) {
        int(value.epochSeconds)
        int(Int64(value.nanoseconds))
    }

    mutating func figures(_ f: Figures) {
        // One call per field rather than a loop over an array literal, which allocated once per line.
        int(f.openingBalance)
        int(f.earnings)
        int(f.tips)
        int(f.fees)
        int(f.adjustments)
        int(f.refunds)
        int(f.payouts)
        int(f.tax)
        int(f.entries)
    }

    private mutating func flushIfFull() {
        if buffer.count >= 1 << 14 {
            hasher.update(data: buffer)
            buffer.removeAll(keepingCapacity: true)
        }
    }

    /// The digest in lower-case hex.
    mutating func finish() -> String {
        hasher.update(data: buffer)
        buffer.removeAll()
        return Manifest.hex(hasher.finalize())
    }
}
