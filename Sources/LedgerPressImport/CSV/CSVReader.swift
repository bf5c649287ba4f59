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

/// A strict RFC 4180 reader over bytes: BOM skipped, LF or CRLF line ends, quoted fields with
/// delimiters, `""` and newlines; a last line without newline is a record.
///
/// After a quote or UTF-8 problem the reader skips to the end of that physical line and goes on,
/// so callers can report every bad row; after an unterminated quote it is at the end.
public struct CSVReader: Sendable {
    let bytes: [UInt8]
    let delimiter: UInt8
    var position: Int
    var line = 1

    /// `skippingLines`: physical lines before the header (a title, a date range) that are not CSV.
    public init(bytes: [UInt8], delimiter: UInt8 = UInt8(ascii: ","), skippingLines: Int = 0) {
        self.bytes = bytes
        self.delimiter = delimiter
        position = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        for _ in 0..<skippingLines where position < bytes.count {
            while position < bytes.count, bytes[position] != 10 { position += 1 }
            position += 1
            line += 1
        }
    }

    public mutating func next() throws(CSVError) -> CSVRecord? {
        let count = bytes.count
        guard position < count else { return nil }
        let quote = UInt8(ascii: "\"")
        let lf: UInt8 = 10
        let cr: UInt8 = 13
        let startLine = line
        let startPosition = position
        var recordEnd = position
        var fields: [String] = []
        var field: [UInt8] = []
        var problem: CSVError.Problem?
        var recordDone = false
        while !recordDone {
            field.removeAll(keepingCapacity: true)
            if position < count && bytes[position] == quote {
                position += 1
                var closed = false
                while position < count {
                    let b = bytes[position]
                    if b == quote {
                        if position + 1 < count && bytes[position + 1] == quote {
                            field.append(quote)
                            position += 2
                            continue
                        }
                        position += 1
                        closed = true
                        break
                    }
                    if b == lf { line += 1 }
                    field.append(b)
                    position += 1
                }
                if !closed {
                    position = count
                    throw CSVError(line: startLine, problem: .unterminatedQuote, bytes: startPosition..<count)
                }
                if position < count && bytes[position] != delimiter && bytes[position] != lf && bytes[position] != cr {
                    problem = problem ?? .characterAfterClosingQuote
                }
            } else {
                while position < count {
                    let b = bytes[position]
                    if b == delimiter || b == lf || b == cr { break }
                    if b == quote { problem = problem ?? .quoteInUnquotedField }
                    field.append(b)
                    position += 1
                }
            }
            // Skip anything up to the delimiter or line end (only after a problem).
            while position < count, bytes[position] != delimiter, bytes[position] != lf, bytes[position] != cr {
                position += 1
            }
            if let text = CSVReader.decode(field) { fields.append(text) } else { problem = problem ?? .invalidUTF8 }
            recordEnd = position
            if position >= count {
                recordDone = true
            } else if bytes[position] == delimiter {
                position += 1
            } else {
                if bytes[position] == cr { position += 1 }
                if position < count && bytes[position] == lf { position += 1 }
                line += 1
                recordDone = true
            }
        }
        if let problem { throw CSVError(line: startLine, problem: problem, bytes: startPosition..<recordEnd) }
        return CSVRecord(line: startLine, fields: fields, bytes: startPosition..<recordEnd)
    }

    /// The text of a byte range of the input (invalid UTF-8 replaced), for quoting a record verbatim.
    public func text(of range: Range<Int>) -> String {
        String(decoding: bytes[range.clamped(to: 0..<bytes.count)], as: UTF8.self)
    }

    /// UTF-8 text of a field, or nil when it is not valid UTF-8.
    static func decode(_ bytes: [UInt8]) -> String? {
        var ascii = true
        for b in bytes where b >= 0x80 {
            ascii = false
            break
        }
        if ascii { return String(decoding: bytes, as: UTF8.self) }
        return String(validating: bytes, as: UTF8.self)
    }
}
