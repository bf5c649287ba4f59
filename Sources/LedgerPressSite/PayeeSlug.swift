import Foundation
import LedgerPressCrypto

/// The folder name of a payee under `payees/`: a function of the payee id alone.
///
/// > Note: `a`–`z`, `0`–`9`, `_` and `-` stand for themselves; every other byte of the id's UTF-8
/// > (upper-case letters, `.`, `/`, `~`, spaces, control characters, non-ASCII) becomes `~` and two
/// > lower-case hex digits. So a slug never holds `/`, `..`, upper case or control characters, and
/// > distinct ids give distinct slugs, also on case-insensitive file systems (`DRV_case` →
/// > `~44~52~56_case`, `drv_case` → `drv_case`). A slug longer than 120 bytes keeps its first 56
/// > bytes and adds `~~` and the SHA-256 of the id in hex.
/// >
/// > Two names that would stand for themselves are still unsafe as folder names, so their first byte is
/// > written as `~` and hex too: a leading `-` (a command such as `rm -rf *` in the folder would read it as an
/// > option: `-rf` → `~2drf`), and Windows' device names `con`, `prn`, `aux`, `nul`, `com1`–`com9`,
/// > `lpt1`–`lpt9` (`nul` → `~6eul`). Upper case and extensions are encoded already (`NUL` → `~4e~55~4c`,
/// > `nul.txt` → `nul~2etxt`), so no slug is a device name in any case. Every other id keeps its slug.
public enum PayeeSlug {
    /// Windows' reserved device names, as a slug would spell them (lower case).
    static let deviceNames: Set<String> = Set(
        ["con", "prn", "aux", "nul"] + (1...9).flatMap { ["com\($0)", "lpt\($0)"] })

    public static func slug(for id: String) -> String {
        var out = ""
        let encodeFirst = id.hasPrefix("-") || deviceNames.contains(id)
        for (index, byte) in id.utf8.enumerated() {
            if index == 0, encodeFirst {
                out += "~" + String(byte, radix: 16).leftPadded(to: 2)
                continue
            }
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"),
                UInt8(ascii: "-"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "~" + String(byte, radix: 16).leftPadded(to: 2)
            }
        }
        if out.isEmpty { return "~" }
        guard out.utf8.count > 120 else { return out }
        let digest = SHA256.hash(data: Data(id.utf8)).map { String($0, radix: 16).leftPadded(to: 2) }.joined()
        return String(out.prefix(56)) + "~~" + digest
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
