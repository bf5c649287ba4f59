import LedgerPressCore

@testable import LedgerPressImport

/// The CSV reader as first written (a String per field), kept as the reference the byte-range reader must match.
struct ReferenceCSVReader {
    let bytes: [UInt8]
    let delimiter: UInt8
    var position: Int
    var line = 1

    /// `skippingLines`: physical lines before the header (a title, a date range) that are not CSV.
    init(bytes: [UInt8], delimiter: UInt8 = UInt8(ascii: ","), skippingLines: Int = 0) {
        self.bytes = bytes
        self.delimiter = delimiter
        position = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        for _ in 0..<skippingLines where position < bytes.count {
            while position < bytes.count, bytes[position] != 10 { position += 1 }
            position += 1
            line += 1
        }
    }

    mutating func next() throws(CSVError) -> CSVRecord? {
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
            if let text = ReferenceCSVReader.decode(field) {
                fields.append(text)
            } else {
                problem = problem ?? .invalidUTF8
            }
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
    func text(of range: Range<Int>) -> String {
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
