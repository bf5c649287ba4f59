import Foundation
import LedgerPressCrypto
import LedgerPressPublish

/// `.ledgerpress-seal` in a shard's folder, written by the shard's build at the end of its publish
/// (``PublishedSite/settle(seal:)``) and never published by `merge`: the SHA-256 of the shard's `manifest.json` (which vouches for every other file of the
/// shard, directly or through the payees' manifests) and the shard's ``PublishRecord`` (what vouches for files
/// `merge` links without reading them). With `--shard-secret`, an HMAC-SHA256 of those lines keyed by the secret
/// seals them: a shard edited afterwards, even with every digest recomputed, no longer matches its seal.
struct ShardSeal: Equatable {
    static let name = PublishedSite.sealName
    static let header = "ledgerpress shard seal 1"

    var manifestSHA256: String
    var record: PublishRecord
    /// Hex HMAC-SHA256 of ``body`` keyed by the shard secret; nil for a shard built without one.
    var hmac: String?

    /// What the HMAC covers.
    var body: String { ShardSeal.header + "\nmanifest-sha256 " + manifestSHA256 + "\n" + record.line + "\n" }

    var text: String { body + (hmac.map { "hmac " + $0 + "\n" } ?? "") }

    static func mac(_ body: String, secret: [UInt8]) -> String {
        Manifest.hex(HMACSHA256.code(for: Array(body.utf8), key: secret))
    }

    /// Whether the HMAC is the one `secret` gives (compared in constant time).
    func isSealed(with secret: [UInt8]) -> Bool {
        guard let hmac, let given = ShardSeal.bytes(hex: hmac) else { return false }
        return HMACSHA256.isValid(given, for: Array(body.utf8), key: secret)
    }

    /// Reads ``text``; nil for anything else.
    init?(data: Data) {
        guard data.count < 4096 else { return nil }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count == 4 || lines.count == 5, lines[0] == ShardSeal.header, lines.last == "",
            lines[1].hasPrefix("manifest-sha256 "), let record = PublishRecord(line: lines[2])
        else { return nil }
        manifestSHA256 = String(lines[1].dropFirst("manifest-sha256 ".count))
        self.record = record
        if lines.count == 5 {
            guard lines[3].hasPrefix("hmac ") else { return nil }
            hmac = String(lines[3].dropFirst(5))
        } else {
            hmac = nil
        }
    }

    init(manifestSHA256: String, record: PublishRecord, secret: [UInt8]?) {
        self.manifestSHA256 = manifestSHA256
        self.record = record
        hmac = nil
        let body = self.body
        hmac = secret.map { ShardSeal.mac(body, secret: $0) }
    }

    private static func bytes(hex: String) -> Data? {
        let digits = Array(hex.utf8)
        guard digits.count == 64 else { return nil }
        var bytes = Data()
        for index in stride(from: 0, to: 64, by: 2) {
            guard let byte = UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16) else {
                return nil
            }
            bytes.append(byte)
        }
        return bytes
    }
}
