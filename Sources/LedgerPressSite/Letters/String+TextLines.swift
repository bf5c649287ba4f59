extension String {
    /// The lines of a text file whose lines end with `\n` or `\r\n` (empty lines kept, a lone `\r` at a line's end
    /// dropped). `"\r\n"` is one `Character`, so splitting on `"\n"` alone would leave a CRLF file one line.
    func textLines() -> [Substring] {
        split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }.map {
            $0.hasSuffix("\r") ? $0.dropLast() : $0
        }
    }
}
