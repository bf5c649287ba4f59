import Synchronization

/// A ledger's spill file could not be read or written back (a disk error): the records it held are lost to the run,
/// which must stop with exit 74 before it publishes anything.
public struct LedgerStorageFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The spill file, as it was made (it is unlinked at once, so the name is only for the message).
    public let file: String
    /// What failed: `read`, `write to`.
    public let action: String
    /// The system's reason (`strerror`).
    public let reason: String

    public var description: String { "\(file): error: cannot \(action) the ledger's spill file: \(reason)" }
}

/// Where a ledger's records, and every ledger made from them (a copy, `--as-of`, a shard), note the first failure
/// of their spill files: the records read as zeros from then on, and the caller asks ``failure`` (or ``check()``,
/// which throws it) before it uses what it made of them.
public final class LedgerStorageHealth: Sendable {
    private let first = Mutex<LedgerStorageFailure?>(nil)

    public init() {}

    /// The first failure, or nil while every read and write has worked.
    public var failure: LedgerStorageFailure? { first.withLock { $0 } }

    /// Throws the first failure, if any: what the records' owner calls before it uses what it made of them (the
    /// caller maps it to exit 74).
    public func check() throws(LedgerStorageFailure) {
        if let failure { throw failure }
    }

    /// Notes a failure (the first one is kept).
    func note(_ failure: LedgerStorageFailure) {
        first.withLock { if $0 == nil { $0 = failure } }
    }
}
