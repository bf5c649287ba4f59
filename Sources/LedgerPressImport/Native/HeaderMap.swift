import LedgerPressCore

/// Column positions found by header name (order never matters; unknown columns are ignored).
struct HeaderMap {
    let names: [String]
    private let index: [String: Int]

    init(_ header: [String]) {
        names = header
        var index: [String: Int] = [:]
        for (i, name) in header.enumerated() {
            let key = name.trimmingCharacters(in: .whitespaces).lowercased()
            if index[key] == nil { index[key] = i }
        }
        self.index = index
    }

    func column(_ name: String) -> Int? { index[name] }

    func missing(_ required: [String]) -> [String] { required.filter { index[$0] == nil } }

    /// The field's text, or nil when the column is absent or the cell is empty.
    func value(_ name: String, in fields: [String]) -> String? {
        guard let i = index[name], i < fields.count, !fields[i].isEmpty else { return nil }
        return fields[i]
    }
}
