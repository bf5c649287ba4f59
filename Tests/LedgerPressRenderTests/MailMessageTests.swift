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
