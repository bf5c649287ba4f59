import Foundation
import LedgerPressRender
import Testing

/// The MIME writer: addresses checked, names inert and encoded, lines short and CRLF-ended, bodies encoded.
@Suite struct MailMessageTests {
    static let address = MailAddress("ann@example.com") ?? MailAddress("unused@example.com").unsafelyUnwrapped

    @Test(arguments: ["ann@example.com", "a.b+tag@mail.example.co.uk", "x_y-z@sub-domain.example"])
    func goodAddresses(_ text: String) { #expect(MailAddress(text)?.text == text) }

    @Test(arguments: [
        "", "ann", "ann@", "@example.com", "ann@example", "ann@@example.com", "a b@example.com", "ann@exa mple.com",
        "<ann@example.com>", "Ann <ann@example.com>", "ann@example.com\r\nBcc: x@y.example", "ann@example.com\n",
        "ann@-example.com", "a..b@example.com", ".a@example.com", "ann@example..com", "anné@example.com",
        "\"ann\"@example.com", "ann,bob@example.com",
    ])
    func badAddresses(_ text: String) { #expect(MailAddress(text) == nil) }

    @Test(arguments: [
        "Ann\r\nBcc: victim@evil.example", "Ann\nX-Injected: yes", "Ann\rSubject: hi", "Ann\u{0}\u{7}\u{1B}Lee",
        "Ann\u{85}Lee\u{2028}Bcc: x@y.example", "Zoë\r\n\r\nbody", "\"quoted\" \\ back\r\nslash",
        String(repeating: "Jürgen-Ünal ", count: 20) + "\r\nBcc: x@y.example",
    ])
    func aHostileNameStaysInItsHeader(_ name: String) {
        let value = MailHeader.mailbox(name: name, address: Self.address, fieldName: "To")
        let header = "To: " + value
        // Every line after the first is a continuation (starts with a space) and no line holds a bare CR or LF.
        let lines = header.components(separatedBy: "\r\n")
        #expect(lines.count >= 1)
        for line in lines.dropFirst() { #expect(line.hasPrefix(" "), "\(line)") }
        for line in lines {
            #expect(!line.contains("\r") && !line.contains("\n"))
            #expect(line.utf8.count <= 78, "\(line)")
            #expect(line.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }, "\(line)")
        }
        #expect(header.hasSuffix("<ann@example.com>"))
    }

    @Test func encodedWordsDecodeToTheCleanName() throws {
        let name = "José Müller\r\nBcc: x@y.example"
        let value = MailHeader.mailbox(name: name, address: Self.address, fieldName: "To")
        var decoded: [UInt8] = []
        for match in value.matches(of: #/=\?UTF-8\?B\?([A-Za-z0-9+/=]+)\?=/#) {
            decoded += try #require(Data(base64Encoded: String(match.output.1)))
        }
        #expect(String(decoding: decoded, as: UTF8.self) == "José Müller Bcc: x@y.example")
    }

    /// The encoded words of a header value, each decoded (nil when a word is not valid UTF-8 on its own).
    static func words(_ value: String) throws -> [String?] {
        try value.matches(of: #/=\?UTF-8\?B\?([A-Za-z0-9+/=]+)\?=/#).map { match in
            String(validating: try #require(Data(base64Encoded: String(match.output.1))), as: UTF8.self)
        }
    }

    /// `e` and 40 combining marks (121 bytes, one character), a family with skin tones (41 bytes).
    static let longCharacter = "e" + String(repeating: "\u{20D0}", count: 40)
    static let family =
        "\u{1F468}\u{1F3FB}\u{200D}\u{1F469}\u{1F3FC}\u{200D}\u{1F467}\u{1F3FD}\u{200D}\u{1F466}\u{1F3FE}"

    @Test(arguments: [
        longCharacter + " Lee", String(repeating: family, count: 3) + " Müller",
        "a" + String(repeating: family, count: 5),
        String(repeating: longCharacter, count: 2), "Zoë " + String(repeating: "\u{1F1FA}\u{1F1F8}", count: 9),
    ])
    func encodedWordsCutOnlyBetweenCharacters(_ name: String) throws {
        for (value, field) in [
            (MailHeader.mailbox(name: name, address: Self.address, fieldName: "To"), "To"),
            (MailHeader.unstructured(name, fieldName: "Subject"), "Subject"),
        ] {
            let words = try Self.words(value)
            // Each word is whole UTF-8 on its own (no UndecodableBytesDefect), and together they are the name.
            #expect(words.allSatisfy { $0 != nil }, "\(field): \(value)")
            let decoded = words.compactMap { $0 }
            #expect(decoded.joined() == name, "\(field)")
            // Each cut falls between characters, unless the character is longer than a whole word (45 bytes).
            var offset = 0
            var cuts: Set<Int> = []
            for word in decoded.dropLast() {
                offset += word.utf8.count
                cuts.insert(offset)
            }
            var position = 0
            for character in name {
                let size = character.utf8.count
                if size <= 45 {
                    #expect(!cuts.contains { $0 > position && $0 < position + size }, "\(field): \(name) cut inside")
                }
                position += size
            }
            let header = "\(field): " + value
            #expect(header.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 78 }, "\(header)")
        }
    }

    @Test func aBidiNameIsIsolatedAsOnThePage() throws {
        let value = MailHeader.mailbox(name: "Ann \u{202E}evil", address: Self.address, fieldName: "To")
        #expect(try Self.words(value).compactMap { $0 }.joined() == "\u{2068}Ann \u{202E}evil\u{2069}")
        let arabic = MailHeader.mailbox(
            name: "\u{0633}\u{0644}\u{0627}\u{0645} 7", address: Self.address, fieldName: "To")
        #expect(
            try Self.words(arabic).compactMap { $0 }.joined() == "\u{2068}\u{0633}\u{0644}\u{0627}\u{0645} 7\u{2069}")
    }

    @Test func aLongAddressStandsAloneAndEveryOtherLineFits() throws {
        let local = String(repeating: "l", count: 64)
        let domain = String(repeating: "d", count: 63) + ".com"
        let to = try #require(MailAddress(local + "@" + domain))
        let from = try #require(MailAddress(String(repeating: "s", count: 64) + "@" + domain))
        let id = "0123456789abcdef0123456789abcdef.ledgerpress@" + domain
        for name in ["Ann Lee", "José Müller", String(repeating: "Jürgen-Ünal ", count: 12), ""] {
            let bytes = MailMessage(
                from: ("Example Rides", from), to: (name, to), subject: "Example Rides: statement 2026-10",
                date: (1_790_000_000, 0), messageID: id, text: "x\n", html: "<p>x</p>\n"
            ).bytes()
            let text = String(decoding: bytes, as: UTF8.self)
            let header = text.components(separatedBy: "\r\n\r\n").first ?? ""
            let alone = [" <\(to.text)>", " <\(from.text)>", " <\(id)>"]
            for line in header.components(separatedBy: "\r\n") where line.utf8.count > 78 {
                #expect(alone.contains(line), "\(line.utf8.count) characters: \(line)")
            }
            // A plain ASCII name stays a readable quoted string, the address folded onto the next line.
            #expect(text.contains("From: \"Example Rides\"\r\n <\(from.text)>\r\n"), "\(header)")
        }
    }

    @Test func anASCIINameIsAQuotedString() {
        #expect(
            MailHeader.mailbox(name: "Zoë", address: Self.address, fieldName: "To").hasPrefix("=?UTF-8?B?"))
        #expect(
            MailHeader.mailbox(name: "Books, \"Maps\" & More", address: Self.address, fieldName: "To")
                == "\"Books, \\\"Maps\\\" & More\" <ann@example.com>")
    }

    @Test func quotedPrintableLinesAndEscapes() {
        let text = String(repeating: "é=x ", count: 60) + "\ntrailing space \n\ttab\t\nplain"
        let encoded = QuotedPrintable.encode(text)
        for line in encoded.components(separatedBy: "\r\n") {
            #expect(line.utf8.count <= 76)
            #expect(!line.hasSuffix(" ") && !line.hasSuffix("\t"))
        }
        #expect(!encoded.contains("=_"))
        #expect(encoded.hasSuffix("plain"))
        #expect(QuotedPrintable.encode("a\n") == "a\r\n")
        // Decoding gives the text back (with CRLF line ends).
        var decoded: [UInt8] = []
        var bytes = Array(encoded.utf8)[...]
        while let byte = bytes.first {
            bytes = bytes.dropFirst()
            if byte == UInt8(ascii: "=") {
                if bytes.starts(with: [13, 10]) {
                    bytes = bytes.dropFirst(2)
                } else {
                    decoded.append(UInt8(String(decoding: bytes.prefix(2), as: UTF8.self), radix: 16) ?? 0)
                    bytes = bytes.dropFirst(2)
                }
            } else {
                decoded.append(byte)
            }
        }
        #expect(String(decoding: decoded, as: UTF8.self) == text.replacingOccurrences(of: "\n", with: "\r\n"))
    }

    @Test func theSameMessageIsTheSameBytes() throws {
        func make() throws -> [UInt8] {
            MailMessage(
                from: ("Example Rides", try #require(MailAddress("statements@rides.example"))),
                to: ("Ann", Self.address),
                subject: "Example Rides: statement 2026-10", date: (1_790_000_000, -14_400),
                messageID: "abc.ledgerpress@rides.example", text: "# Statement\n", html: "<p>x</p>\n",
                attachments: [
                    .init(
                        fileName: "2026-10.pdf", contentType: "application/pdf", bytes: Array(repeating: 7, count: 300))
                ]
            ).bytes()
        }
        let bytes = try make()
        #expect(bytes == (try make()))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("Date: Mon, 21 Sep 2026 10:13:20 -0400\r\n"))
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        #expect(text.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 78 })
    }
}
