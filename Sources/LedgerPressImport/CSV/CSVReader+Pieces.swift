extension CSVReader {
    /// The next record, as ``nextFields()`` finds it in the whole input, when the input comes in pieces:
    /// `more` gives the next piece of the input after the reader's bytes, nil at its end.
    ///
    /// > Note: a record is read from the bytes at hand; if reading it reached their end (it may go on in the
    /// > next piece: a quoted newline, a CRLF, a UTF-8 sequence cut in two), the reader drops the bytes of the
    /// > records before it, adds the next piece and reads the record again from its start. So every record,
    /// > problem and line number is what reading the whole input at once gives, while the reader holds only
    /// > the current record and one piece. Ranges (``fields``, the record's bytes) are into the bytes now
    /// > held, valid until the next call.
    mutating func nextFields(more: () -> [UInt8]?) throws(CSVError) -> (line: Int, bytes: Range<Int>)? {
        while true {
            let start = (position: position, line: line)
            do {
                let found = try nextFields()
                if position < bytes.count || !append(more, keepingFrom: start.position) { return found }
            } catch {
                if position < bytes.count || !append(more, keepingFrom: start.position) { throw error }
            }
            position = 0
            line = start.line
        }
    }

    /// Drops the bytes before `start` and adds the next piece; false (nothing changed) at the end.
    ///
    /// > Note: a record longer than a piece (a quote left open) gets at least twice its bytes before it is
    /// > read again, so that reading it again and again costs in proportion to its length, not its square.
    private mutating func append(_ more: () -> [UInt8]?, keepingFrom start: Int) -> Bool {
        let partial = bytes.count - start
        guard let piece = more(), !piece.isEmpty else { return false }
        bytes.removeSubrange(0..<start)
        bytes.append(contentsOf: piece)
        while bytes.count < 2 * partial, let next = more(), !next.isEmpty { bytes.append(contentsOf: next) }
        return true
    }
}
