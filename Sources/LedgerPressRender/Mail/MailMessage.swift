import LedgerPressCore

/// One RFC 5322 message: `multipart/mixed` holding a `multipart/alternative` (the text and HTML versions of one
/// body) and its attachments. Every value is fixed by the caller (no clock, no random numbers): the same message
/// is the same bytes.
///
/// > Note: lines end in CRLF and none is longer than 78 characters (bodies are quoted-printable or base64), but
/// > for an address or `Message-ID` too long for any line, which then stands alone on its own (``MailHeader``);
/// > header values made from data go through ``MailHeader``; the boundaries start with `=_`, which neither
/// > encoding can produce.
public struct MailMessage: Sendable, Equatable {
    /// A file attached to the message (a statement's PDF), sent base64-encoded.
    public struct Attachment: Sendable, Equatable {
        /// A plain file name (`2026-10.pdf`); anything outside `[A-Za-z0-9._-]` becomes `_`.
        public var fileName: String
        public var contentType: String
        public var bytes: [UInt8]

        public init(fileName: String, contentType: String, bytes: [UInt8]) {
            self.fileName = fileName
            self.contentType = contentType
            self.bytes = bytes
        }
    }

    public var from: (name: String, address: MailAddress)
    public var to: (name: String, address: MailAddress)
    public var subject: String
    /// Seconds since the epoch and the UTC offset the `Date` header is written in.
    public var date: (epochSeconds: Int64, offsetSeconds: Int)
    /// Without angle brackets: `id-left@id-right`, both sides dot-atoms.
    public var messageID: String
    public var text: String
    public var html: String
    public var attachments: [Attachment]
    /// Extra headers (name, ASCII value), e.g. `X-Ledgerpress-Statement`; values go through ``MailHeader/inert(_:)``.
    public var extraHeaders: [(String, String)]

    public init(
        from: (name: String, address: MailAddress), to: (name: String, address: MailAddress), subject: String,
        date: (epochSeconds: Int64, offsetSeconds: Int), messageID: String, text: String, html: String,
        attachments: [Attachment] = [], extraHeaders: [(String, String)] = []
    ) {
        self.from = from
        self.to = to
        self.subject = subject
        self.date = date
        self.messageID = messageID
        self.text = text
        self.html = html
        self.attachments = attachments
        self.extraHeaders = extraHeaders
    }

    public static func == (lhs: MailMessage, rhs: MailMessage) -> Bool { lhs.bytes() == rhs.bytes() }

    /// The message as it is written to a file: CRLF line ends throughout.
    public func bytes() -> [UInt8] {
        let boundaryTag = messageID.utf8.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
        let mixed = "=_mixed_\(String(boundaryTag, radix: 16))"
        let alternative = "=_alt_\(String(boundaryTag, radix: 16))"
        var out = ""
        out += "Date: " + Self.rfc5322Date(date.epochSeconds, offset: date.offsetSeconds) + "\r\n"
        out += MailHeader.field("From", MailHeader.mailbox(name: from.name, address: from.address, fieldName: "From"))
        out += MailHeader.field("To", MailHeader.mailbox(name: to.name, address: to.address, fieldName: "To"))
        out += MailHeader.field("Subject", MailHeader.unstructured(subject, fieldName: "Subject"))
        out += MailHeader.field("Message-ID", "<\(messageID)>")
        for (name, value) in extraHeaders {
            out += "\(name): " + MailHeader.inert(value).filter(\.isASCII) + "\r\n"
        }
        out += "MIME-Version: 1.0\r\n"
        out += "Content-Type: multipart/mixed;\r\n boundary=\"\(mixed)\"\r\n\r\n"
        out += "This is a message in MIME format.\r\n"
        out += "--\(mixed)\r\n"
        out += "Content-Type: multipart/alternative;\r\n boundary=\"\(alternative)\"\r\n\r\n"
        out += "--\(alternative)\r\n"
        out += "Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n"
        out += QuotedPrintable.encode(text) + "\r\n"
        out += "--\(alternative)\r\n"
        out += "Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n"
        out += QuotedPrintable.encode(html) + "\r\n"
        out += "--\(alternative)--\r\n"
        for attachment in attachments {
            let name = String(
                attachment.fileName.map { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) ? $0 : "_" })
            out += "--\(mixed)\r\n"
            out += "Content-Type: \(attachment.contentType); name=\"\(name)\"\r\n"
            out += "Content-Disposition: attachment; filename=\"\(name)\"\r\n"
            out += "Content-Transfer-Encoding: base64\r\n\r\n"
            out += Base64.encodeLines(attachment.bytes)
        }
        out += "--\(mixed)--\r\n"
        return Array(out.utf8)
    }

    /// `Thu, 01 Oct 2026 14:22:05 -0400`.
    public static func rfc5322Date(_ epochSeconds: Int64, offset: Int) -> String {
        let local = epochSeconds + Int64(offset)
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let seconds = Int(local - days * 86_400)
        let date = CivilDate(daysSinceEpoch: Int(days))
        let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let weekday = weekdays[((Int(days) % 7) + 7) % 7]
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let sign = offset < 0 ? "-" : "+"
        let magnitude = abs(offset) / 60
        return "\(weekday), \(two(date.day)) \(months[date.month - 1]) \(date.year) "
            + "\(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60)) "
            + "\(sign)\(two(magnitude / 60))\(two(magnitude % 60))"
    }
}
