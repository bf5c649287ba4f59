/// Where a problem was found in the input data: file, 1-based physical line, and field.
///
/// > Note: `line` is the physical line where the record starts (quoted newlines count); 0 means
/// > the problem concerns the whole file.
public struct SourceLocation: Sendable, Equatable, Hashable, Comparable, Codable {
    public var file: String
    public var line: Int
    public var field: String?

    public init(file: String, line: Int, field: String? = nil) {
        self.file = file
        self.line = line
        self.field = field
    }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.file, a.line, a.field ?? "") < (b.file, b.line, b.field ?? "")
    }
}

/// One problem with the input, kept as data until the command prints it.
public struct Diagnostic: Sendable, Equatable, Hashable, Codable {
    /// Whether a problem fails the run (`error`) or is only reported (`warning`).
    public enum Severity: String, Sendable, Equatable, Hashable, Codable {
        case error, warning
    }

    public var severity: Severity
    public var location: SourceLocation
    /// What was expected, in words ("at most 2 decimals for USD").
    public var expected: String
    /// What was found, verbatim (shortened when very long), or nil when nothing applies.
    public var found: String?

    public init(_ severity: Severity = .error, at location: SourceLocation, expected: String, found: String?) {
        self.severity = severity
        self.location = location
        self.expected = expected
        self.found = found
    }

    /// Compiler-style text: `ledger.csv:17: error: amount: expected at most 2 decimals for USD, got '10.001'`.
    public var message: String {
        var text = Diagnostic.visible(location.file)
        if location.line > 0 { text += ":\(location.line)" }
        text += ": \(severity.rawValue): "
        if let field = location.field { text += "\(field): " }
        text += "expected \(expected)"
        if let found {
            text += ", got '\(Diagnostic.shorten(found))'"
        }
        return text
    }

    /// `text` as a message shows it: control characters escaped (``visible(_:)``), at most 80 characters.
    public static func shorten(_ text: String) -> String {
        let visible = Diagnostic.visible(text)
        if visible.count > 80 { return String(visible.prefix(77)) + "..." }
        return visible
    }

    /// The text with every control character (C0, DEL, C1) written as an escape (`\n`, `\r`, `\t`, `\u{1b}`),
    /// for a message line: a file name or value holding a newline cannot forge another line.
    public static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) else {
            return text
        }
        var visible = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": visible += "\\n"
            case "\r": visible += "\\r"
            case "\t": visible += "\\t"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    visible += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    visible.unicodeScalars.append(scalar)
                }
            }
        }
        return visible
    }
}

/// Collects diagnostics up to a cap, counting the ones past it.
public struct DiagnosticLog: Sendable {
    public private(set) var items: [Diagnostic] = []
    public private(set) var overflow = 0
    public let limit: Int

    public init(limit: Int = 100) { self.limit = limit }

    public var errorCount: Int { items.filter { $0.severity == .error }.count + overflow }
    public var hasErrors: Bool { errorCount > 0 }

    public mutating func append(_ diagnostic: Diagnostic) {
        if items.count < limit { items.append(diagnostic) } else { overflow += 1 }
    }

    public mutating func append(contentsOf other: [Diagnostic]) {
        for d in other { append(d) }
    }

    /// The printed form: every kept message, then "... and N more" when capped.
    public var lines: [String] {
        var out = items.sorted { $0.location < $1.location }.map(\.message)
        if overflow > 0 { out.append("... and \(overflow) more") }
        return out
    }
}
