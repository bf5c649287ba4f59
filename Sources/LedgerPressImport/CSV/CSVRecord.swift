/// One CSV record and the 1-based physical line where it starts.
public struct CSVRecord: Sendable, Equatable {
    public var line: Int
    public var fields: [String]
    /// Where the record's bytes are in the input (without its line end), for quoting it verbatim.
    public var bytes: Range<Int> = 0..<0

    public init(line: Int, fields: [String], bytes: Range<Int> = 0..<0) {
        self.line = line
        self.fields = fields
        self.bytes = bytes
    }
}

/// A problem reading CSV bytes, with its line.
public struct CSVError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong with the bytes at that line.
    public enum Problem: Sendable, Equatable {
        case unterminatedQuote, invalidUTF8, quoteInUnquotedField, characterAfterClosingQuote
    }

    public var line: Int
    public var problem: Problem
    /// The bytes of the bad record (up to where reading resumed), for quarantine.
    public var bytes: Range<Int> = 0..<0

    public init(line: Int, problem: Problem, bytes: Range<Int> = 0..<0) {
        self.line = line
        self.problem = problem
        self.bytes = bytes
    }

    public static func == (a: CSVError, b: CSVError) -> Bool { a.line == b.line && a.problem == b.problem }

    public var description: String {
        switch problem {
        case .unterminatedQuote: return "unterminated quoted field (the file ends inside quotes)"
        case .invalidUTF8: return "bytes that are not valid UTF-8"
        case .quoteInUnquotedField: return "a '\"' inside an unquoted field"
        case .characterAfterClosingQuote: return "a character after a closing '\"'"
        }
    }
}
