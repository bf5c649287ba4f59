import Mustache

/// Escapes ledger text for HTML text and attribute values: what every `{{name}}` in an HTML template gets.
///
/// `&`, `<`, `>`, `"` and `'` become the entities Mustache's own HTML escaping uses (so pages read the
/// same), but scalar by scalar: a quote followed by a combining mark is still escaped. Control
/// characters other than TAB, LF and CR (C0, DEL, C1) become U+FFFD, so a NUL never reaches a page.
/// Right-to-left text and bidi controls are isolated (`BidiIsolation`).
public enum HTMLText {
    public static func escape(_ text: String) -> String {
        if isInert(text) { return text }
        return escapedBytes(text) ?? escapeScalars(text)
    }

    /// ``escapeScalars(_:)`` for text without control characters other than TAB, LF and CR (C1 controls
    /// included) and with nothing to isolate, written byte by byte (only ASCII bytes are ever escaped); nil for
    /// other text.
    static func escapedBytes(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            var size = 0
            var ascii = true
            for (i, byte) in bytes.enumerated() {
                switch byte {
                case 0x09, 0x0A, 0x0D: size += 1
                case 0x00..<0x20, 0x7F: return nil
                case 0xC2 where i + 1 < bytes.count && bytes[i + 1] >= 0x80 && bytes[i + 1] <= 0x9F: return nil
                case 0x80...:
                    ascii = false
                    size += 1
                case UInt8(ascii: "<"), UInt8(ascii: ">"): size += 4  // &lt; &gt;
                case UInt8(ascii: "&"), UInt8(ascii: "'"): size += 5  // &amp; &#39;
                case UInt8(ascii: "\""): size += 6  // &quot;
                default: size += 1
                }
            }
            if !ascii && BidiIsolation.needsIsolation(scalars: bytes) { return nil }
            return String(unsafeUninitializedCapacity: size) { out in
                var count = 0
                func put(_ entity: StaticString) {
                    for byte in UnsafeBufferPointer(start: entity.utf8Start, count: entity.utf8CodeUnitCount) {
                        out[count] = byte
                        count += 1
                    }
                }
                for byte in bytes {
                    switch byte {
                    case UInt8(ascii: "&"): put("&amp;")
                    case UInt8(ascii: "<"): put("&lt;")
                    case UInt8(ascii: ">"): put("&gt;")
                    case UInt8(ascii: "\""): put("&quot;")
                    case UInt8(ascii: "'"): put("&#39;")
                    default:
                        out[count] = byte
                        count += 1
                    }
                }
                return count
            }
        }
    }

    /// True when `text` has no character to escape or replace (TAB, LF and CR pass; C0, DEL and the C1
    /// controls C2 80 to C2 9F do not), checked on its bytes, and (for non-ASCII text) nothing to isolate:
    /// then ``escapeScalars(_:)`` would return it unchanged.
    static func isInert(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes -> Bool in
            var ascii = true
            for (i, byte) in bytes.enumerated() {
                switch byte {
                case 0x09, 0x0A, 0x0D: continue
                case 0x00..<0x20, 0x7F, UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""),
                    UInt8(ascii: "'"):
                    return false
                case 0xC2 where i + 1 < bytes.count && bytes[i + 1] >= 0x80 && bytes[i + 1] <= 0x9F:
                    return false
                case 0x80...: ascii = false
                default: continue
                }
            }
            return ascii || !BidiIsolation.needsIsolation(scalars: bytes)
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

    static func contains(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// `text` with every control character except TAB, LF and CR replaced by U+FFFD.
    static func replaced(in text: String) -> String {
        guard text.unicodeScalars.contains(where: { contains($0) && $0 != "\t" && $0 != "\n" && $0 != "\r" }) else {
            return text
        }
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
