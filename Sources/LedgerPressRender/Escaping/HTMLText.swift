import Mustache

/// Escapes ledger text for HTML text and attribute values: what every `{{name}}` in an HTML template gets.
///
/// `&`, `<`, `>`, `"` and `'` become the entities Mustache's own HTML escaping uses (so pages read the
/// same), but scalar by scalar: a quote followed by a combining mark is still escaped. Control
/// characters other than TAB, LF and CR (C0, DEL, C1) become U+FFFD, so a NUL never reaches a page.
/// Right-to-left text and bidi controls are isolated (`BidiIsolation`).
public enum HTMLText {
    public static func escape(_ text: String) -> String {
        isInert(text) ? text : escapeScalars(text)
    }

    /// True when `text` is ASCII with no character to escape or replace (TAB, LF and CR pass): then
    /// ``escapeScalars(_:)`` would return it unchanged (ASCII never needs bidi isolation).
    static func isInert(_ text: String) -> Bool {
        text.utf8.allSatisfy { byte in
            (byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "&") && byte != UInt8(ascii: "<") && byte != UInt8(ascii: ">")
                && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "'")) || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }
    }

    /// The escaping itself, scalar by scalar.
    static func escapeScalars(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in BidiIsolation.isolate(text).unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                if ControlCharacters.contains(scalar) {
                    out.unicodeScalars.append(ControlCharacters.replacement)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}

/// C0 controls, DEL and C1 controls: never written raw to a published file.
enum ControlCharacters {
    static let replacement: Unicode.Scalar = "\u{FFFD}"

    static func contains(_ scalar: Unicode.Scalar) -> Bool { scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) }

    /// `text` with every control character except TAB, LF and CR replaced by U+FFFD.
    static func replaced(in text: String) -> String {
        guard text.unicodeScalars.contains(where: { contains($0) && $0 != "\t" && $0 != "\n" && $0 != "\r" }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            out.append(contains(scalar) && scalar != "\t" && scalar != "\n" && scalar != "\r" ? replacement : scalar)
        }
        return String(out)
    }
}

/// The Mustache content type for HTML templates: `{{name}}` goes through `HTMLText.escape`.
struct HTMLTextContentType: MustacheContentType {
    func escapeText(_ text: String) -> String { HTMLText.escape(text) }

    static let name = "LEDGERPRESS_HTML"
    /// Registers the content type once per process (Mustache keeps a global table).
    static let registered: Bool = {
        MustacheContentTypes.register(HTMLTextContentType(), named: name)
        return true
    }()
}
