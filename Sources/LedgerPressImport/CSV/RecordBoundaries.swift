/// Finds where CSV records end, byte by byte and across pieces, exactly where ``CSVReader/nextFields()`` ends them
/// (and counting lines as it does), without reading their fields: an input can then be cut into pieces that each
/// begin a record, on a known line, and the pieces read at once on several threads
/// (``NativeLedgerImporter/readOverlapped(firstPiece:more:file:readers:chunkBytes:accept:)``).
///
/// > Note: the reader's rules for where a record ends, and nothing else: a field that begins with `"` runs to the
/// > `"` not followed by another (a newline inside counts a line); anything else, a stray quote included, runs to the
/// > delimiter or the line end, as do the bytes after a closing quote; a line end is LF, CR or CR LF. Problems
/// > (a stray quote, bytes that are not UTF-8) never move a record's end, so they are the reader's to report.
/// > A quote left open runs to the end of the input: no boundary after it.
struct RecordBoundaries {
    private enum State {
        /// At a field's first byte.
        case fieldStart
        /// In a field that does not begin with a quote, or after a quoted field's closing quote.
        case unquoted
        /// Inside a quoted field.
        case quoted
        /// On a quote inside a quoted field: the closing one, or the first of a doubled pair.
        case quoteInQuoted
        /// After a CR that ended a record: an LF right after it belongs to the same line end.
        case carriageReturn
    }

    private var state = State.fieldStart
    /// Whether the field being scanned (or about to be) is the first of its record.
    private var firstField = true
    private let delimiter: UInt8
    /// The line the byte being scanned is on, as ``CSVReader`` counts them.
    private var line: Int

    /// A scanner at a record's first byte, on `line`.
    init(delimiter: UInt8 = UInt8(ascii: ","), line: Int) {
        self.delimiter = delimiter
        self.line = line
    }

    /// The line of the record that begins where the scanner stands, when it stands at a record's first byte
    /// after a record's line end (an LF, or a CR LF; the header's start too); nil inside a record, and after a CR
    /// (an LF that follows would belong to its line end). At an input's end: whether bytes appended to it would
    /// begin a record, and on which line.
    var recordStartLine: Int? { state == .fieldStart && firstField ? line : nil }

    /// Scans `bytes` (the bytes that follow those scanned before) up to the first place at `minimum` or later where
    /// a record begins, and returns it with that record's line; the scanner then stands there, at the record's
    /// start. Nil when no record begins there: the scanner then stands after the last byte.
    mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, from minimum: Int = 0) -> (offset: Int, line: Int)? {
        let quote = UInt8(ascii: "\"")
        let lf: UInt8 = 10
        let cr: UInt8 = 13
        let delimiter = self.delimiter
        let count = bytes.count
        var state = self.state
        var line = self.line
        defer {
            self.state = state
            self.line = line
        }
        var i = 0
        while i < count {
            switch state {
            case .carriageReturn:
                // The record ended at the CR; an LF right after it is part of its line end.
                if bytes[i] == lf { i += 1 }
                state = .fieldStart
                firstField = true
                if i >= minimum { return (i, line) }
            case .fieldStart:
                firstField = false
                if bytes[i] == quote {
                    state = .quoted
                    i += 1
                } else {
                    state = .unquoted
                }
            case .quoted:
                while i < count, bytes[i] != quote {
                    if bytes[i] == lf { line += 1 }
                    i += 1
                }
                if i < count {
                    state = .quoteInQuoted
                    i += 1
                }
            case .quoteInQuoted:
                // A doubled quote goes on with the field; any other byte follows its closing quote.
                if bytes[i] == quote {
                    state = .quoted
                    i += 1
                } else {
                    state = .unquoted
                }
            case .unquoted:
                while i < count, bytes[i] != delimiter, bytes[i] != lf, bytes[i] != cr { i += 1 }
                guard i < count else { break }
                let end = bytes[i]
                i += 1
                if end == delimiter {
                    state = .fieldStart
                } else {
                    line += 1
                    state = end == lf ? .fieldStart : .carriageReturn
                    firstField = true
                    if end == lf && i >= minimum { return (i, line) }
                }
            }
        }
        return nil
    }
}
