import Foundation

/// The start of an input as detection sees it: its first byte that is not a BOM or white space, and the names of
/// its first CSV record (trimmed, lowercased; empty when that record cannot be read).
public struct HeaderProbe: Sendable {
    /// The first byte after a UTF-8 BOM and white space; nil for a file of nothing else.
    public let firstByte: UInt8?
    /// The first record's names, `,` or `;` separated (``InputFormat/delimiter(of:)``).
    public let names: Set<String>

    public init(_ bytes: [UInt8]) {
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, bytes[start] == 32 || bytes[start] == 9 || bytes[start] == 10 || bytes[start] == 13 {
            start += 1
        }
        firstByte = start < bytes.count ? bytes[start] : nil
        var reader = CSVReader(bytes: bytes, delimiter: InputFormat.delimiter(of: bytes))
        let header = (try? reader.next())?.fields ?? []
        names = Set(header.map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
    }

    /// Whether every one of `columns` (lowercase) is there.
    public func has(_ columns: Set<String>) -> Bool { names.isSuperset(of: columns) }
}
