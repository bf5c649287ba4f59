/// `--revoked-letters FILE`: one revoked letter a line, `SHA256 [reason]` (the SHA-256 of the letter's figures
/// document, 64 hex digits, as its verify page and `income-letter.json` name it; then, after spaces, the reason
/// in words). Blank lines and lines starting with `#` are skipped; a hash listed twice keeps its last reason.
public enum RevokedLetters {
    /// A line that is not `SHA256 [reason]`.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public var file: String
        public var line: Int
        public var found: String
        public var description: String {
            "\(file):\(line): error: revoked letter: expected a SHA-256 of 64 hex digits, then an optional reason, got '\(found)'"
        }
    }

    /// The revocations of a file's text (`file` names it in messages): hash (lower case) → reason.
    public static func parse(_ text: String, file: String) throws(Failure) -> [String: String] {
        var revoked: [String: String] = [:]
        // Lines end with `\n` or `\r\n` (a list saved on Windows).
        for (index, line) in text.textLines().enumerated() {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let hash = trimmed.prefix { $0 != " " && $0 != "\t" }
            guard hash.utf8.count == 64, hash.allSatisfy({ $0.isHexDigit && $0.isASCII }) else {
                throw Failure(file: file, line: index + 1, found: String(line.prefix(80)))
            }
            let reason = trimmed.dropFirst(hash.count).drop { $0 == " " || $0 == "\t" }
            revoked[hash.lowercased()] = String(reason).trimmingSuffixSpaces()
        }
        return revoked
    }
}

extension String {
    fileprivate func trimmingSuffixSpaces() -> String {
        var text = Substring(self)
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return String(text)
    }
}
