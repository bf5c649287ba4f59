/// A strict RFC 4180 reader over bytes: BOM skipped, LF or CRLF line ends, quoted fields with
/// delimiters, `""` and newlines; a last line without newline is a record.
///
/// After a quote or UTF-8 problem the reader skips to the end of that physical line and goes on,
/// so callers can report every bad row; after an unterminated quote it is at the end.
///
/// > Note: ``nextFields()`` finds a record's fields as byte ranges without making a String (a quoted field
/// > with doubled quotes is unquoted into a scratch buffer), so an importer makes text only of the fields
/// > it keeps; ``next()`` gives the same record with every field as a String.
public struct CSVReader: Sendable {
    /// One field of the current record: a range of the input, or of ``scratch`` for a quoted field whose
    /// doubled quotes were undone.
    struct Field: Sendable {
        var range: Range<Int>
        var inScratch: Bool
    }

    var bytes: [UInt8]
    let delimiter: UInt8
    var position: Int
    var line = 1
    /// The fields of the record ``nextFields()`` found last.
    private(set) var fields: [Field] = []
    private(set) var scratch: [UInt8] = []
    /// Whether the record ``nextFields()`` found last ended at the end of the input without a line end.
    private(set) var endedWithoutLineEnd = false

    /// `skippingLines`: physical lines before the header (a title, a date range) that are not CSV.
    public init(bytes: [UInt8], delimiter: UInt8 = UInt8(ascii: ","), skippingLines: Int = 0) {
        self.bytes = bytes
        self.delimiter = delimiter
        position = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        // Never more lines than the bytes hold: a negative count skips none, `Int.max` stops at the end.
        var skipped = 0
        while skipped < skippingLines, position < bytes.count {
            while position < bytes.count, bytes[position] != 10 { position += 1 }
            position += 1
            line += 1
            skipped += 1
        }
    }

    /// A reader of `bytes` that start at a record's first byte, on `line` of the whole input: a piece of an input
    /// cut where a record ends (``RecordBoundaries``), read as the reader of the whole input reads those records.
    /// Nothing is skipped, not even bytes that look like a BOM (that is the start of the record's first field).
    init(records bytes: [UInt8], delimiter: UInt8 = UInt8(ascii: ","), line: Int) {
        self.bytes = bytes
        self.delimiter = delimiter
        position = 0
        self.line = line
    }

    public mutating func next() throws(CSVError) -> CSVRecord? {
        guard let found = try nextFields() else { return nil }
        return CSVRecord(line: found.line, fields: fields.indices.map(string), bytes: found.bytes)
    }

    /// The next record's line and bytes, its fields in ``fields``; nil at the end. Every field is checked
    /// to be UTF-8 as ``next()`` requires.
    mutating func nextFields() throws(CSVError) -> (line: Int, bytes: Range<Int>)? {
        let count = bytes.count
        guard position < count else { return nil }
        let quote = UInt8(ascii: "\"")
        let lf: UInt8 = 10
        let cr: UInt8 = 13
        let delimiter = self.delimiter
        let startLine = line
        let startPosition = position
        var noLineEnd = false
        var recordEnd = position
        var problem: CSVError.Problem?
        var fields = self.fields
        var scratch = self.scratch
        fields.removeAll(keepingCapacity: true)
        scratch.removeAll(keepingCapacity: true)
        self.fields = []
        self.scratch = []
        var position = self.position
        var line = self.line
        defer {
            self.position = position
            self.line = line
            self.endedWithoutLineEnd = noLineEnd
            self.fields = fields
            self.scratch = scratch
        }
        let unterminated = self.bytes.withUnsafeBufferPointer { (bytes: UnsafeBufferPointer<UInt8>) -> Bool in
            var recordDone = false
            while !recordDone {
                var field: Field
                var high: UInt8 = 0
                if position < count && bytes[position] == quote {
                    position += 1
                    let contentStart = position
                    var closed = false
                    var scratchStart = -1
                    while position < count {
                        let b = bytes[position]
                        if b == quote {
                            if position + 1 < count && bytes[position + 1] == quote {
                                // A doubled quote: the field continues in the scratch buffer, unquoted.
                                if scratchStart < 0 {
                                    scratchStart = scratch.count
                                    scratch.append(contentsOf: bytes[contentStart..<position])
                                }
                                scratch.append(quote)
                                position += 2
                                continue
                            }
                            position += 1
                            closed = true
                            break
                        }
                        if b == lf { line += 1 }
                        high |= b
                        if scratchStart >= 0 { scratch.append(b) }
                        position += 1
                    }
                    if !closed {
                        position = count
                        return true
                    }
                    field =
                        scratchStart >= 0
                        ? Field(range: scratchStart..<scratch.count, inScratch: true)
                        : Field(range: contentStart..<(position - 1), inScratch: false)
                    if position < count && bytes[position] != delimiter && bytes[position] != lf
                        && bytes[position] != cr
                    {
                        problem = problem ?? .characterAfterClosingQuote
                    }
                } else {
                    let fieldStart = position
                    while position < count {
                        let b = bytes[position]
                        if b == delimiter || b == lf || b == cr { break }
                        if b == quote { problem = problem ?? .quoteInUnquotedField }
                        high |= b
                        position += 1
                    }
                    field = Field(range: fieldStart..<position, inScratch: false)
                }
                // Skip anything up to the delimiter or line end (only after a problem).
                while position < count, bytes[position] != delimiter, bytes[position] != lf, bytes[position] != cr {
                    position += 1
                }
                let valid =
                    high < 0x80
                    || (field.inScratch
                        ? CSVReader.isValidUTF8(scratch[field.range]) : CSVReader.isValidUTF8(bytes[field.range]))
                if valid {
                    fields.append(field)
                } else {
                    problem = problem ?? .invalidUTF8
                }
                recordEnd = position
                if position >= count {
                    noLineEnd = true
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
            return false
        }
        if unterminated { throw CSVError(line: startLine, problem: .unterminatedQuote, bytes: startPosition..<count) }
        if let problem { throw CSVError(line: startLine, problem: problem, bytes: startPosition..<recordEnd) }
        return (startLine, startPosition..<recordEnd)
    }

    /// The text of a field of the current record (already checked to be UTF-8).
    func string(_ index: Int) -> String {
        let field = fields[index]
        return field.inScratch
            ? String(decoding: scratch[field.range], as: UTF8.self)
            : String(decoding: bytes[field.range], as: UTF8.self)
    }

    /// Calls `body` with the bytes of a field of the current record.
    func withField<T>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        let field = fields[index]
        return field.inScratch
            ? scratch.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[field.range])) }
            : bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[field.range])) }
    }

    /// The text of a byte range of the input (invalid UTF-8 replaced), for quoting a record verbatim.
    public func text(of range: Range<Int>) -> String {
        String(decoding: bytes[range.clamped(to: 0..<bytes.count)], as: UTF8.self)
    }

    /// Whether the bytes are UTF-8 (what `String(validating:)` accepts).
    static func isValidUTF8<C: Collection>(_ bytes: C) -> Bool where C.Element == UInt8 {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}
