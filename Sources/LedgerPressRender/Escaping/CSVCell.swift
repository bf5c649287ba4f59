import Foundation

/// Cells for the CSV files the tool writes: RFC 4180 quoting only where needed, formula-safe text.
///
/// > Note: text cells that start with `=`, `+`, `-`, `@`, TAB or CR get a leading `'` (OWASP's rule
/// > against spreadsheet formula injection); numeric cells never do. Control characters other than
/// > TAB, LF and CR become U+FFFD (import refuses them; this is the last line of defence).
public enum CSVCell {
    /// A text cell from ledger data (guarded, then quoted if needed).
    public static func text(_ value: String) -> String {
        isPlain(value) ? value : guarded(value)
    }

    /// The guard and the quoting, for any text.
    static func guarded(_ value: String) -> String {
        var value = ControlCharacters.replaced(in: value)
        if let first = value.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) {
            value = "'" + value
        }
        return quoted(value)
    }

    /// Printable ASCII with no `,` or `"` and a first character that needs no guard: the cell as it is.
    static func isPlain(_ value: String) -> Bool {
        var first = true
        for byte in value.utf8 {
            guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: ","), byte != UInt8(ascii: "\"") else { return false }
            if first {
                guard byte != UInt8(ascii: "="), byte != UInt8(ascii: "+"), byte != UInt8(ascii: "-"),
                    byte != UInt8(ascii: "@")
                else {
                    return false
                }
                first = false
            }
        }
        return true
    }

    /// A cell the tool itself produced (numbers, dates, codes, labels): quoted only if needed, never guarded.
    public static func plain(_ value: String) -> String { quoted(value) }

    static func quoted(_ value: String) -> String {
        var needsQuotes = false
        for byte in value.utf8 where byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == 10 || byte == 13
        {
            needsQuotes = true
            break
        }
        guard needsQuotes else { return value }
        // Non-ASCII text keeps Foundation's matching (a quote followed by a combining mark is not matched).
        guard value.utf8.allSatisfy({ $0 < 0x80 }) else {
            return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        var out = "\""
        out.reserveCapacity(value.utf8.count + 8)
        var rest = Substring(value)
        while let quote = rest.utf8.firstIndex(of: UInt8(ascii: "\"")) {
            out += rest[..<quote]
            out += "\"\""
            rest = rest[rest.utf8.index(after: quote)...]
        }
        out += rest
        return out + "\""
    }

    /// One CSV record with an LF line end.
    public static func row(_ cells: [String]) -> String { cells.joined(separator: ",") + "\n" }
}
