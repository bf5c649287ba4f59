import Synchronization

/// Where ledger entries were read, packed into eight bytes per entry: a file's name (and field) is kept
/// once, here, and an entry holds its index and the line. One per ``EntryTexts`` table (one per run).
///
/// > Note: a million entries read from one file would otherwise hold a million copies of a 40-byte
/// > ``SourceLocation``. The table only grows with the distinct files (and fields) named, plus any
/// > location whose line does not fit in 32 bits, which is kept whole. Locations come back exactly as
/// > they went in.
final class SourceFiles: Sendable {

    private struct Table {
        var indexByPlace: [SourceLocation: UInt32] = [:]
        var places: [SourceLocation] = []
        /// The place packed last (an importer packs one file's locations in a row).
        var last: (place: SourceLocation, index: UInt32)?
    }

    private let table = Mutex(Table())
    /// The line of a location kept whole in the table.
    private static let wholeLocation = UInt32.max

    /// The index of the location's file and field, and its line (``wholeLocation`` when it does not fit).
    func pack(_ location: SourceLocation) -> (file: UInt32, line: UInt32) {
        if location.line >= 0, location.line < Int(SourceFiles.wholeLocation) {
            var place = location
            place.line = 0
            return (index(of: place), UInt32(location.line))
        }
        return (index(of: location), SourceFiles.wholeLocation)
    }

    /// The location that ``pack(_:)`` packed.
    func location(file: UInt32, line: UInt32) -> SourceLocation {
        var location = table.withLock { $0.places[Int(file)] }
        if line != SourceFiles.wholeLocation { location.line = Int(line) }
        return location
    }

    /// Every file (and field) named, in the order of their indexes (a ledger's state).
    var places: [SourceLocation] { table.withLock { $0.places } }

    /// Adds `place` as the next index, when it is new: a ledger's state read back in the order it was written.
    func restoreNext(_ place: SourceLocation) -> Bool {
        let count = table.withLock { $0.places.count }
        return index(of: place) == count
    }

    private func index(of place: SourceLocation) -> UInt32 {
        table.withLock { table in
            if let last = table.last, last.place == place { return last.index }
            if let known = table.indexByPlace[place] {
                table.last = (place, known)
                return known
            }
            precondition(table.places.count < Int(UInt32.max), "fewer than 2^32 distinct source files")
            let index = UInt32(table.places.count)
            table.places.append(place)
            table.indexByPlace[place] = index
            table.last = (place, index)
            return index
        }
    }
}
