import LedgerPressCore

/// Column positions found by header name (order never matters; unknown columns are ignored).
///
/// Names are keyed trimmed and lowercased. A name given twice is kept in `duplicates` (readers refuse
/// such a header: which of the two columns is meant cannot be known); empty names name nothing and
/// may repeat (a spreadsheet's trailing commas).
struct HeaderMap {
    /// A column name found twice: its key and both 1-based column positions.
    struct Duplicate: Equatable {
        var name: String
        var first: Int
        var second: Int
    }

    let names: [String]
    private let index: [String: Int]
    /// Every name given more than once (each later repeat against its first position), in column order.
    let duplicates: [Duplicate]

    init(_ header: [String]) {
        names = header
        var index: [String: Int] = [:]
        var duplicates: [Duplicate] = []
        for (i, name) in header.enumerated() {
            let key = name.trimmingCharacters(in: .whitespaces).lowercased()
            if let first = index[key] {
                if !key.isEmpty { duplicates.append(Duplicate(name: key, first: first + 1, second: i + 1)) }
            } else {
                index[key] = i
            }
        }
        self.index = index
        self.duplicates = duplicates
    }

    func column(_ name: String) -> Int? { index[name] }

    /// A file's header names as keys (trimmed, lowercased), read before its rows (empty when unreadable).
    static func names(_ bytes: [UInt8], delimiter: UInt8 = UInt8(ascii: ",")) -> [String] {
        var reader = CSVReader(bytes: bytes, delimiter: delimiter)
        return ((try? reader.next())?.fields ?? []).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    }

    func missing(_ required: [String]) -> [String] { required.filter { index[$0] == nil } }

    /// The field's text, or nil when the column is absent or the cell is empty.
    func value(_ name: String, in fields: [String]) -> String? {
        guard let i = index[name], i < fields.count, !fields[i].isEmpty else { return nil }
        return fields[i]
    }
}
