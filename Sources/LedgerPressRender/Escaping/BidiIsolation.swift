/// Keeps right-to-left text and bidi controls in ledger text from reordering the text around it.
///
/// Text that holds a right-to-left letter (Hebrew, Arabic, Syriac, Thaana, N'Ko, ...) or a bidi
/// control (U+061C, U+200E/F, U+202A–U+202E, U+2066–U+2069) is wrapped in FIRST STRONG ISOLATE
/// (U+2068) ... POP DIRECTIONAL ISOLATE (U+2069), the plain-text form of HTML's `<bdi>`, which works
/// in Markdown, HTML text, `<title>` and attributes alike. Inside, a terminator with nothing to close
/// (a stray U+2069 or U+202C) is dropped and isolates left open are closed, so the wrapped text can
/// never end the isolation early or leak an override past it. Left-to-right text passes unchanged.
public enum BidiIsolation {
    static let firstStrongIsolate: Unicode.Scalar = "\u{2068}"
    static let popIsolate: Unicode.Scalar = "\u{2069}"

    /// Whether `text` needs isolating: it holds a right-to-left letter or a bidi control.
    public static func needsIsolation(_ text: String) -> Bool {
        text.unicodeScalars.contains { isBidiControl($0) || isRightToLeft($0) }
    }

    /// ``needsIsolation(_:)`` for text given as its (valid) UTF-8 bytes.
    static func needsIsolation(scalars bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        while case .scalarValue(let scalar) = decoder.decode(&iterator) {
            if isBidiControl(scalar) || isRightToLeft(scalar) { return true }
        }
        return false
    }

    /// `text` isolated when it needs to be, else unchanged.
    public static func isolate(_ text: String) -> String {
        guard needsIsolation(text) else { return text }
        var out = String.UnicodeScalarView()
        out.append(firstStrongIsolate)
        out.append(contentsOf: balanced(text.unicodeScalars))
        out.append(popIsolate)
        return String(out)
    }

    /// The scalars with unmatched terminators dropped and open isolates closed.
    static func balanced(_ scalars: String.UnicodeScalarView) -> String.UnicodeScalarView {
        var out = String.UnicodeScalarView()
        var isolates = 0
        var embeddings = 0
        for scalar in scalars {
            switch scalar.value {
            case 0x2066, 0x2067, 0x2068: isolates += 1
            case 0x2069:
                guard isolates > 0 else { continue }
                isolates -= 1
            case 0x202A, 0x202B, 0x202D, 0x202E: embeddings += 1
            case 0x202C:
                guard embeddings > 0 else { continue }
                embeddings -= 1
            default: break
            }
            out.append(scalar)
        }
        // A closing PDI also ends every embedding and override opened after its isolate initiator.
        for _ in 0..<isolates { out.append(popIsolate) }
        return out
    }

    static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// Blocks of right-to-left scripts (Hebrew to Arabic Extended, presentation forms, the historic
    /// RTL planes' blocks).
    static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: return true
        default: return false
        }
    }
}
