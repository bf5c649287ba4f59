import Foundation

extension ImporterRegistry {
    /// The format whose header columns (``LedgerImporter/headerColumns``) a header comes closest to having, and
    /// the ones it lacks, when at least half of that format's columns (and two or more) are there; nil when no
    /// format is that close.
    public func closest(toHeader bytes: [UInt8]) -> (format: InputFormat, missing: [String])? {
        let names = Set(HeaderMap.names(bytes, delimiter: InputFormat.delimiter(of: bytes)))
        var best: (format: InputFormat, missing: [String], found: Int)?
        for importer in importers where !importer.headerColumns.isEmpty {
            let columns = importer.headerColumns
            let missing = columns.filter { choice in !choice.contains { names.contains($0.lowercased()) } }
            let found = columns.count - missing.count
            // A format with nothing missing was left out for another reason (a payments export has no `Net`).
            guard !missing.isEmpty, found >= 2, found * 2 >= columns.count else { continue }
            // Fewest missing wins; on a tie, the format listed first.
            if best.map({ missing.count < $0.missing.count }) ?? true {
                best = (importer.format, missing.map { $0.joined(separator: " or ") }, found)
            }
        }
        return best.map { ($0.format, $0.missing) }
    }

    /// What an unrecognised header was expected to be: the closest format and what it lacks, else every format.
    func expectation(forHeader bytes: [UInt8]) -> String {
        guard let (format, missing) = closest(toHeader: bytes) else {
            let named = formats.filter { $0 != .mapped }.map(\.rawValue)
            return "a header row of a known format (\(named.joined(separator: ", ")), or any CSV with --mapping)"
        }
        return "a header row of a known format: the closest is \(format.rawValue), which also needs "
            + missing.joined(separator: ", ") + " (or give --mapping FILE for another layout)"
    }
}
