/// A stable 64-bit digest (FNV-1a) as 16 hex digits, for ids made from content where an export has none
/// (`{from: line}` in a mapping, Stripe payments without an id column).
///
/// > Note: not cryptographic, and it need not be: it only has to stay the same for the same bytes on
/// > every run and machine (no seeded `Hasher`). Two different rows meeting on one id would differ in
/// > amount or time, and the ledger refuses such a repeat loudly; identical rows are numbered apart first.
/// > (FNV keeps the import module free of libcrypto, which the fuzz build compiles without.)
enum ContentDigest {
    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let text = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }
}
