/// Header field values built from data: every text goes through here, so that a name can never end its header
/// line or start another (control characters, CR and LF among them, become spaces before anything else), and
/// non-ASCII text is written as RFC 2047 encoded words.
///
/// > Note: lines stay within 78 characters (RFC 5322), folded at the spaces around an address; an address is never
/// > split, so one too long for a line (a 64-character local part with a 63-character domain label) stands alone
/// > on its continuation line (` <address>`), the shortest a line holding it can be.
public enum MailHeader {
    /// `Display Name <address>`: the name as a quoted string when it is plain ASCII, else as encoded words; a name
    /// with right-to-left text or bidi controls isolated as on the pages (``BidiIsolation``), so it cannot reorder
    /// the address or the text after it. The address goes on a line of its own when the line would pass 78.
    public static func mailbox(name: String, address: MailAddress, fieldName: String) -> String {
        let clean = BidiIsolation.isolate(inert(name))
        let angle = "<\(address.text)>"
        guard !clean.isEmpty else { return angle }
        if clean.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            var quoted = "\""
            for character in clean {
                if character == "\"" || character == "\\" { quoted.append("\\") }
                quoted.append(character)
            }
            let phrase = quoted + "\""
            let first = fieldName.utf8.count + 2 + phrase.utf8.count
            if first + 1 + angle.utf8.count <= 78 { return "\(phrase) \(angle)" }
            if first <= 78 { return "\(phrase)\r\n \(angle)" }
            // A name too long for a line of its own is folded by encoded words.
        }
        return encodedWords(clean, fieldName: fieldName) + "\r\n \(angle)"
    }

    /// A whole header line, `Name: value` and CRLF. A value whose first line would pass 78 characters (an address
    /// or `Message-ID` too long for it) starts on a continuation line of its own: folded after the colon.
    public static func field(_ name: String, _ value: String) -> String {
        if value.hasPrefix("\r\n ") { return "\(name):\(value)\r\n" }
        let firstLine = value.utf8.prefix { $0 != 13 }.count
        if name.utf8.count + 2 + firstLine > 78 { return "\(name):\r\n \(value)\r\n" }
        return "\(name): \(value)\r\n"
    }

    /// An unstructured value (`Subject`): plain when it is short printable ASCII, else encoded words.
    public static func unstructured(_ text: String, fieldName: String) -> String {
        let clean = inert(text)
        if clean.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) && !clean.contains("=?")
            && fieldName.count + 2 + clean.utf8.count <= 78
        {
            return clean
        }
        return encodedWords(clean, fieldName: fieldName)
    }

    /// The text with every control character (C0, DEL, C1, and the Unicode line and paragraph separators) made a
    /// space, runs of spaces made one, and the ends trimmed.
    public static func inert(_ text: String) -> String {
        var result = ""
        var lastWasSpace = true
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let control = value < 0x20 || (value >= 0x7F && value < 0xA0) || value == 0x2028 || value == 0x2029
            if control || scalar == " " {
                if !lastWasSpace { result.append(" ") }
                lastWasSpace = true
            } else {
                result.unicodeScalars.append(scalar)
                lastWasSpace = false
            }
        }
        if result.hasSuffix(" ") { result.removeLast() }
        return result
    }

    /// `=?UTF-8?B?...?=` words of at most 75 characters (RFC 2047), folded with CRLF SP, each cut between grapheme
    /// clusters: a character (`e` and 40 combining marks, a family emoji with skin tones) is never split across
    /// words, unless it is longer than a whole word holds (45 bytes), and then only between its Unicode scalars
    /// (RFC 2047's "integral number of characters"), never inside one's UTF-8 bytes: a reader joining the
    /// words gets the text back whole.
    static func encodedWords(_ text: String, fieldName: String) -> String {
        // 12 characters frame each word; 45 bytes make 60 of base64, a word of 72 on a line " " starts. The first
        // word shares its line with "Subject: ", so it holds fewer (42 bytes there).
        let later = 45
        var limit = max(4, min(later, (78 - fieldName.utf8.count - 2 - 12) / 4 * 3))
        var words: [String] = []
        var chunk: [UInt8] = []
        // A first character too long for the first line's word but not for a whole one starts on the next line.
        var foldFirst = false
        func flush() {
            guard !chunk.isEmpty else { return }
            words.append("=?UTF-8?B?" + Base64.encode(chunk) + "?=")
            chunk = []
            limit = later
        }
        for character in text {
            let bytes = Array(String(character).utf8)
            if chunk.count + bytes.count > limit { flush() }
            if bytes.count > limit && bytes.count <= later && words.isEmpty && chunk.isEmpty {
                foldFirst = true
                limit = later
            }
            if bytes.count <= limit {
                chunk += bytes
                continue
            }
            for scalar in character.unicodeScalars {
                let scalarBytes = Array(String(scalar).utf8)
                if chunk.count + scalarBytes.count > limit { flush() }
                chunk += scalarBytes
            }
        }
        flush()
        return (foldFirst ? "\r\n " : "") + words.joined(separator: "\r\n ")
    }
}
