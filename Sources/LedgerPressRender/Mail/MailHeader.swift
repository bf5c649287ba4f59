/// Header field values built from data: every text goes through here, so that a name can never end its header
/// line or start another (control characters, CR and LF among them, become spaces before anything else), and
/// non-ASCII text is written as RFC 2047 encoded words.
public enum MailHeader {
    /// `Display Name <address>`: the name as a quoted string when it is plain ASCII, else as encoded words.
    public static func mailbox(name: String, address: MailAddress, fieldName: String) -> String {
        let clean = inert(name)
        guard !clean.isEmpty else { return "<\(address.text)>" }
        let phrase: String
        if clean.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            var quoted = "\""
            for character in clean {
                if character == "\"" || character == "\\" { quoted.append("\\") }
                quoted.append(character)
            }
            phrase = quoted + "\""
            // A long ASCII name is still folded by encoded words, so no line passes 78 characters.
            if fieldName.count + 2 + phrase.utf8.count + address.text.utf8.count + 3 <= 78 {
                return "\(phrase) <\(address.text)>"
            }
        }
        return encodedWords(clean, fieldName: fieldName) + "\r\n <\(address.text)>"
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

    /// `=?UTF-8?B?...?=` words of at most 75 characters, never splitting a character, folded with CRLF SP.
    static func encodedWords(_ text: String, fieldName: String) -> String {
        // 39 bytes of text make 52 base64 characters, a word of 64: "Subject: " and one word stay within 78.
        var words: [String] = []
        var chunk: [UInt8] = []
        for character in text {
            let bytes = Array(String(character).utf8)
            if chunk.count + bytes.count > 39 && !chunk.isEmpty {
                words.append("=?UTF-8?B?" + Base64.encode(chunk) + "?=")
                chunk = []
            }
            chunk += bytes.prefix(39)
        }
        if !chunk.isEmpty { words.append("=?UTF-8?B?" + Base64.encode(chunk) + "?=") }
        return words.joined(separator: "\r\n ")
    }
}
