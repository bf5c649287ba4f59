extension OutgoingMessage {
    /// The envelope of a message file: the address in its `From:` header and those in `To:`; nil when either is
    /// missing (a file the build did not write).
    public init?(name: String, bytes: [UInt8]) {
        let headers = Self.headers(bytes)
        guard let from = headers["from"].flatMap({ Self.addresses($0).first }),
            let to = headers["to"].map(Self.addresses), !to.isEmpty
        else { return nil }
        self.init(name: name, bytes: bytes, sender: from, recipients: to)
    }

    /// The header section's fields, unfolded, by lower-cased name (the first of each name).
    static func headers(_ bytes: [UInt8]) -> [String: String] {
        var fields: [String: String] = [:]
        var current: (name: String, value: String)?
        let text = String(decoding: bytes.prefix(64 * 1024), as: UTF8.self)
        // ("\r\n" is one Character in Swift: split at any line break.)
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            if line.isEmpty { break }
            if line.first == " " || line.first == "\t" {
                current?.value += " " + line.trimmingCharacters(in: .whitespaces)
                continue
            }
            if let field = current, fields[field.name] == nil { fields[field.name] = field.value }
            guard let colon = line.firstIndex(of: ":") else {
                current = nil
                continue
            }
            current = (
                line[..<colon].lowercased(), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            )
        }
        if let field = current, fields[field.name] == nil { fields[field.name] = field.value }
        return fields
    }

    /// The addresses of a header value: each comma-separated mailbox's `<addr-spec>` (the last one, so that a
    /// display name holding angle brackets cannot pose as the address), or the bare address.
    static func addresses(_ value: String) -> [String] {
        var result: [String] = []
        var quoted = false
        var part = ""
        for character in value + "," {
            if character == "\"" { quoted.toggle() }
            if character == "," && !quoted {
                let mailbox = part.trimmingCharacters(in: .whitespaces)
                part = ""
                if let open = mailbox.lastIndex(of: "<"), let close = mailbox.lastIndex(of: ">"), open < close {
                    result.append(String(mailbox[mailbox.index(after: open)..<close]))
                } else if mailbox.contains("@") && !mailbox.contains(" ") {
                    result.append(mailbox)
                }
                continue
            }
            part.append(character)
        }
        return result.filter { !$0.isEmpty && !$0.contains(where: { $0 == "\r" || $0 == "\n" }) }
    }
}
