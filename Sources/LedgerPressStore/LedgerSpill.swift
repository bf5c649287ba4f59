/// How many of a ledger's records stay in memory and where the others go (``SpilledRecords``; the core's
/// `Ledger(spill:)`).
///
/// > Note: the ledger never reads the environment: the caller reads it once (``init(environment:)``) and passes
/// > the settings in.
public struct LedgerSpill: Sendable, Equatable {
    /// Bytes of records kept in memory before older chunks go to the spill file.
    public var memoryBudget: Int
    /// Records per chunk.
    public var chunkRecords: Int
    /// Where the spill file is made.
    public var folder: String

    public init(memoryBudget: Int, chunkRecords: Int, folder: String) {
        self.memoryBudget = memoryBudget
        self.chunkRecords = chunkRecords
        self.folder = folder
    }

    /// 32 MiB in memory, chunks of 8,192 records (704 KiB), in `/tmp`.
    public static let standard = LedgerSpill(memoryBudget: 32 << 20, chunkRecords: 8192, folder: "/tmp")

    /// A variable that is set but not a number in its range.
    public struct Invalid: Error, Sendable, Equatable, CustomStringConvertible {
        public let name: String
        public let expected: String
        public let found: String

        public var description: String { "\(name): expected \(expected), got '\(found)'" }
    }

    /// The settings a process's environment gives: ``standard``, with `TMPDIR` (when not empty) as the folder,
    /// `LEDGERPRESS_SPILL_MIB` (0 to 1048576) as the MiB kept in memory and `LEDGERPRESS_SPILL_CHUNK` (1 to 1048576)
    /// as the records per chunk (for tests: small chunks spill small ledgers).
    public init(environment: [String: String]) throws(Invalid) {
        self = .standard
        if let folder = environment["TMPDIR"], !folder.isEmpty { self.folder = folder }
        func number(_ name: String, _ range: ClosedRange<Int>, _ what: String) throws(Invalid) -> Int? {
            guard let value = environment[name] else { return nil }
            guard let number = Int(value), range.contains(number) else {
                throw Invalid(
                    name: name, expected: "\(what), a number from \(range.lowerBound) to \(range.upperBound)",
                    found: value)
            }
            return number
        }
        if let mib = try number("LEDGERPRESS_SPILL_MIB", 0...1 << 20, "MiB of ledger records kept in memory") {
            memoryBudget = mib << 20
        }
        if let chunk = try number("LEDGERPRESS_SPILL_CHUNK", 1...1 << 20, "records per chunk") { chunkRecords = chunk }
    }
}
