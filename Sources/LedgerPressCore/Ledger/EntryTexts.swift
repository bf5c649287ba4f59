import Synchronization

/// The texts of one run's ledger entries (payee ids and names, references, descriptions, payout ids, ids too
/// long for ``PackedID``) and the files they were read from (``SourceFiles``), each distinct text kept once;
/// an entry holds four-byte numbers and a reference to its table.
///
/// > Note: five Strings per entry took 80 bytes even when shared; five numbers take 20. Texts are told
/// > apart by their UTF-8 bytes (a text comes back with exactly the bytes it went in with, never those of
/// > a canonically equivalent one). Adding takes a lock; reading does not: a text's slot is written before
/// > its number is handed out and never changes, and its chunk never moves, so whoever holds a number
/// > (received through whatever handed them the entry) reads a finished slot.
///
/// > Note: a table lives as long as the entries made in it, and no longer: a run makes its own
/// > (``using(_:)``), so two runs in one process never hold each other's texts. Entries made outside a run
/// > (tests, tools) share one table while any of them is alive (``forNewEntry()``).
public final class EntryTexts: @unchecked Sendable {
    /// What a number stands for: 0 is "no text" (nil), n is the text in slot n - 1.
    typealias Number = UInt32

    private static let chunkBits = 16
    private static let chunkSize = 1 << chunkBits
    private static let chunkCount = 1 << (32 - chunkBits)

    /// The text slots, in chunks allocated as they are needed.
    private let chunks: UnsafeMutablePointer<UnsafeMutablePointer<String>?>

    struct Writer {
        var numbers: [ExactText: Number] = [:]
        var count = 0
        /// The text added last in each lane (an importer adds one payee's texts in a row).
        var recent: [(text: String, number: Number)?] = Array(repeating: nil, count: Lane.allCases.count)
    }
    let writer = Mutex(Writer())

    /// Where this table's entries were read.
    let files = SourceFiles()

    /// Which field a text is for: each keeps its own most recent text, so that repeats skip the table.
    enum Lane: Int, CaseIterable {
        case payeeID, payeeName, reference, description, payoutID, id
    }

    /// An empty table, for one run (see ``using(_:)``).
    public init() {
        chunks = .allocate(capacity: Self.chunkCount)
        chunks.initialize(repeating: nil, count: Self.chunkCount)
        Self.registry.withLock { $0[ObjectIdentifier(self)] = Unmanaged.passUnretained(self) }
    }

    deinit {
        // First: once out of the registry, no one reaches the slots freed below.
        _ = Self.registry.withLock { $0.removeValue(forKey: ObjectIdentifier(self)) }
        let count = writer.withLock { $0.count }
        var chunk = 0
        while chunk << Self.chunkBits < count, let slots = chunks[chunk] {
            slots.deinitialize(count: min(Self.chunkSize, count - chunk << Self.chunkBits))
            slots.deallocate()
            chunk += 1
        }
        chunks.deinitialize(count: Self.chunkCount)
        chunks.deallocate()
    }

    /// The number of `text` (0 for nil), adding it when it is new.
    func number(of text: String?, lane: Lane) -> Number {
        guard let text else { return 0 }
        return writer.withLock { number(of: text, lane: lane, in: &$0) }
    }

    /// The numbers of an entry's five texts, under one lock.
    func numbers(
        payeeID: String, payeeName: String?, reference: String?, description: String?, payoutID: String?
    ) -> (payeeID: Number, payeeName: Number, reference: Number, description: Number, payoutID: Number) {
        writer.withLock { writer in
            (
                number(of: payeeID, lane: .payeeID, in: &writer),
                payeeName.map { number(of: $0, lane: .payeeName, in: &writer) } ?? 0,
                reference.map { number(of: $0, lane: .reference, in: &writer) } ?? 0,
                description.map { number(of: $0, lane: .description, in: &writer) } ?? 0,
                payoutID.map { number(of: $0, lane: .payoutID, in: &writer) } ?? 0
            )
        }
    }

    func number(of text: String, lane: Lane, in writer: inout Writer) -> Number {
        if let recent = writer.recent[lane.rawValue], Self.sameBytes(recent.text, text) { return recent.number }
        let key = ExactText(text: text)
        let number: Number
        if let known = writer.numbers[key] {
            number = known
        } else {
            precondition(writer.count < Int(UInt32.max) - 1, "fewer than 2^32 - 1 distinct entry texts")
            let chunk = writer.count >> Self.chunkBits
            let slots: UnsafeMutablePointer<String>
            if let allocated = chunks[chunk] {
                slots = allocated
            } else {
                slots = .allocate(capacity: Self.chunkSize)
                chunks[chunk] = slots
            }
            (slots + (writer.count & (Self.chunkSize - 1))).initialize(to: text)
            writer.count += 1
            number = Number(writer.count)
            writer.numbers[key] = number
        }
        writer.recent[lane.rawValue] = (text, number)
        return number
    }

    /// The text of a number from ``number(of:lane:)`` (nil for 0).
    func text(_ number: Number) -> String? {
        guard number != 0 else { return nil }
        let slot = Int(number) - 1
        guard let slots = chunks[slot >> Self.chunkBits] else { preconditionFailure("a number this table gave") }
        return slots[slot & (Self.chunkSize - 1)]
    }

    /// Calls `body` with every text, in the order of their numbers (a ledger's state, ``Ledger/writeState(_:)``).
    func forEachText(_ body: (String) throws -> Void) rethrows {
        let count = self.count
        for slot in 0..<count {
            guard let slots = chunks[slot >> Self.chunkBits] else { preconditionFailure("a slot that was filled") }
            try body(slots[slot & (Self.chunkSize - 1)])
        }
    }

    /// Adds `text` as the next number, when the table does not hold it yet: a ledger's state read back, in the
    /// order it was written (``Ledger/init(restoring:texts:)``). Nil when the table holds it already.
    func restoreNext(_ text: String) -> Number? {
        writer.withLock { writer in
            let before = writer.count
            let number = number(of: text, lane: .id, in: &writer)
            return writer.count == before + 1 ? number : nil
        }
    }

    /// Whether the table holds `text` (these exact bytes), for any field.
    func contains(_ text: String) -> Bool { writer.withLock { $0.numbers[ExactText(text: text)] != nil } }

    /// How many distinct texts the table holds.
    var count: Int { writer.withLock { $0.count } }

    /// Whether two texts have the same UTF-8 bytes (not merely canonically equivalent ones, as `==` says).
    static func sameBytes(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        var a = a
        var b = b
        return a.withUTF8 { x in b.withUTF8 { y in x.elementsEqual(y) } }
    }

    /// A String compared and hashed by its UTF-8 bytes.
    struct ExactText: Hashable {
        var text: String

        static func == (a: ExactText, b: ExactText) -> Bool { EntryTexts.sameBytes(a.text, b.text) }

        func hash(into hasher: inout Hasher) {
            var text = text
            text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
    }

    struct WeakTable {
        weak var table: EntryTexts?
    }

    /// Every table alive in the process, by identity, unretained.
    ///
    /// > Note: not held weakly: a weak reference gives the table a side table, and then every retain and release of
    /// > it (each entry holds it) takes the runtime's slow path, measured at a fifth of the import's ordered thread.
    /// > A table leaves the registry first thing in its `deinit`, under the registry's lock, so whoever holds that
    /// > lock and finds a table reads it while it is whole, without retaining it.
    private static let registry = Mutex<[ObjectIdentifier: Unmanaged<EntryTexts>]>([:])

    /// Whether a table alive now holds `text` (for tests: a run's texts must not outlive its entries).
    static func anyAliveHolds(_ text: String) -> Bool {
        registry.withLock { tables in tables.values.contains { $0._withUnsafeGuaranteedRef { $0.contains(text) } } }
    }
}
