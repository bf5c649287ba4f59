import ArgumentParser

/// The one check of a base URL that the site's paths are appended to (`--verify-base-url`, `--site-url`): printable
/// ASCII without quotes, spaces or `<>\`{}|^`, one of the allowed schemes with a host after it, and no query or
/// fragment (after either, an appended path is no longer a path). A failed check is a usage error (64).
enum BaseURLCheck {
    /// Throws a ``ValidationError`` naming `option` when `url` is not such a URL; `schemes`: e.g. `["https"]`;
    /// `why`: what is appended to it, said when it has a query or fragment.
    static func check(_ url: String, option: String, schemes: [String], why: String) throws {
        let allowed = url.unicodeScalars.allSatisfy {
            $0.isASCII && $0.value > 0x20 && $0.value < 0x7F && !"\"'<>\\`{}|^".unicodeScalars.contains($0)
        }
        let prefixes = schemes.map { $0 + "://" }
        guard allowed, let prefix = prefixes.first(where: { url.hasPrefix($0) }), url.count > prefix.count else {
            let expected = prefixes.count == 1 ? "an \(prefixes[0])" : "an " + prefixes.joined(separator: " or ")
            throw ValidationError(
                "\(option): expected \(expected) URL of printable ASCII without quotes or spaces, got '\(url)'")
        }
        guard !url.contains("?"), !url.contains("#") else {
            throw ValidationError(
                "\(option): expected a URL without a query ('?') or fragment ('#'), as \(why), got '\(url)'")
        }
    }
}
