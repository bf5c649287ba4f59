/// The one rule for the paths of a published site, relative to its output folder: what the builder may
/// publish, what `merge` accepts from a shard's manifest and folder, and what `SiteWriter` is handed.
///
/// > Note: a site path is relative UTF-8 text of components joined by `/`; no component is empty, `.`
/// > or `..` or longer than 255 bytes; no byte is NUL, another control character (below U+0020, U+007F)
/// > or a backslash. It is one of the known top-level files (``topLevelFiles``, `payees/style.css` among
/// > them) or a file directly inside `payees/<slug>/`, where `<slug>` is the folder name (``PayeeLinks``) of
/// > one of the site's payees. So no site path can
/// > name a file outside the folder it is resolved against, unless a symbolic link inside that folder
/// > leads out (which `merge` refuses and `SiteWriter` never creates).
public enum SitePath {
    /// Every file a site may hold outside the payees' folders (`payees/style.css` sits directly in `payees/`,
    /// where no slug can name it: slugs escape `.`, and HMAC tokens are hex).
    public static let topLevelFiles: Set<String> = [
        "index.html", "finance/summary.csv", "finance/lines.csv", "finance/revisions.csv", "assets/style.css",
        "payees/style.css", "manifest.json", ShardRecord.path,
    ]

    /// The folders of letters' verify pages, their short paths and public keys (`--letters`).
    public static let letterFolders: Set<String> = ["verify", "v", "keys"]

    /// A letter's verify page (`verify/<64 hex digits>.html`), its short path (`v/<16 hex digits>.html`) or a
    /// signing key's public key (`keys/<16 hex>.pub`).
    public static func isLetterFile(_ path: String) -> Bool {
        func hex(_ text: Substring, _ count: Int) -> Bool {
            text.utf8.count == count
                && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
        }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return false }
        if parts[0] == "verify", parts[1].hasSuffix(".html") { return hex(parts[1].dropLast(5), 64) }
        if parts[0] == "v", parts[1].hasSuffix(".html") { return hex(parts[1].dropLast(5), 16) }
        if parts[0] == "keys", parts[1].hasSuffix(".pub") { return hex(parts[1].dropLast(4), 16) }
        return false
    }

    /// The stylesheet's two copies: `assets/` for the finance index, `payees/` for the payees' pages (so that
    /// `payees/` is a site of its own).
    public static let stylesheets = ["assets/style.css", "payees/style.css"]

    /// The folders a site may hold (besides each payee's `payees/<slug>`).
    public static let topLevelFolders: Set<String> = ["finance", "assets", "payees"]

    /// Why a path is not a site path.
    public enum Violation: Error, Equatable, CustomStringConvertible {
        case empty
        case absolute
        case forbiddenByte(UInt8)
        case emptyComponent
        case dotComponent(String)
        case longComponent
        case outsideKnownFiles
        case unknownPayee(String)

        public var description: String {
            switch self {
            case .empty: return "an empty path"
            case .absolute: return "an absolute path"
            case .forbiddenByte(let byte) where byte == UInt8(ascii: "\\"): return "a backslash"
            case .forbiddenByte(let byte):
                return "the control character U+" + String(byte, radix: 16, uppercase: true).leftPadded(to: 4)
            case .emptyComponent: return "an empty component ('//' or a trailing '/')"
            case .dotComponent(let dots): return "a '\(dots)' component"
            case .longComponent: return "a component longer than 255 bytes"
            case .outsideKnownFiles: return "a path outside payees/<slug>/ and the known top-level files"
            case .unknownPayee(let slug):
                return "a folder payees/\(SitePath.quoted(slug))/ of none of the site's payees"
            }
        }
    }

    /// The form of a site path alone: relative, no empty, `.` or `..` component, no control character or backslash.
    ///
    /// > Note: read from the UTF-8 bytes in one pass, components split at every `/` byte (``components(_:)``),
    /// > the first problem found reported, in the order: empty, absolute, a forbidden byte, then each component's.
    public static func checkForm(_ path: String) throws(Violation) {
        guard !path.isEmpty else { throw .empty }
        guard !path.hasPrefix("/") else { throw .absolute }
        var path = path
        let violation = path.withUTF8 { bytes -> Violation? in
            if let byte = bytes.first(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\\") }) {
                return .forbiddenByte(byte)
            }
            let slash = UInt8(ascii: "/")
            let dot = UInt8(ascii: ".")
            var start = 0
            for end in 0...bytes.count where end == bytes.count || bytes[end] == slash {
                let length = end - start
                if length == 0 { return .emptyComponent }
                if bytes[start] == dot, length == 1 || (length == 2 && bytes[start + 1] == dot) {
                    return .dotComponent(length == 1 ? "." : "..")
                }
                if length > 255 { return .longComponent }
                start = end + 1
            }
            return nil
        }
        if let violation { throw violation }
    }

    /// The components of a path, split at every `/` byte. Not `String.split`, which compares Characters: a
    /// slash followed by a combining mark (`"/\u{301}"`) is one Character, and would hide a `..` component.
    public static func components(_ path: String) -> [String] {
        path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    /// The `<slug>` of a path `payees/<slug>/<name>` (three components split at `/` bytes, the first `payees`);
    /// nil for any other path.
    static func payeeFolder(of path: String) -> String? {
        var path = path
        return path.withUTF8 { bytes -> String? in
            let slash = UInt8(ascii: "/")
            guard bytes.count > 7, bytes[6] == slash, bytes.starts(with: "payees".utf8) else { return nil }
            let rest = UnsafeBufferPointer(rebasing: bytes[7...])
            guard let second = rest.firstIndex(of: slash), !rest[(second + 1)...].contains(slash) else { return nil }
            return String(decoding: rest[..<second], as: UTF8.self)
        }
    }

    /// A file the site may hold: the form of ``checkForm(_:)``, and a known top-level file or a file directly
    /// inside the folder of one of `payeeSlugs` (of any payee when `nil`, for a reader that does not know them).
    public static func check(_ path: String, payeeSlugs: Set<String>?) throws(Violation) {
        try checkForm(path)
        if topLevelFiles.contains(path) || isLetterFile(path) { return }
        guard let slug = payeeFolder(of: path) else { throw .outsideKnownFiles }
        guard payeeSlugs?.contains(slug) ?? true else { throw .unknownPayee(slug) }
    }

    /// A folder the site may hold: `finance`, `assets`, `payees` or `payees/<slug>` of one of `payeeSlugs`.
    public static func checkFolder(_ path: String, payeeSlugs: Set<String>) throws(Violation) {
        try checkForm(path)
        if topLevelFolders.contains(path) || letterFolders.contains(path) { return }
        let components = components(path)
        guard components.count == 2, components[0] == "payees" else { throw .outsideKnownFiles }
        guard payeeSlugs.contains(components[1]) else { throw .unknownPayee(components[1]) }
    }

    /// The path for a message: printable ASCII and other text as it is, control characters and backslashes
    /// as `\u{..}` escapes, so a hostile name can neither hide nor forge a line of the message.
    public static func quoted(_ path: String) -> String {
        var out = ""
        for scalar in path.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\\" || (0x80...0x9F).contains(scalar.value) {
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
