import Synchronization

/// The texts of one run's ledger entries (payee ids and names, references, descriptions, payout ids, ids too
/// long for ``PackedID``) and the files they were read from (``SourceFiles``), each distinct text kept once;
/// an entry holds four-byte numbers and a reference to its table.
///
/// > Note: five Strings per entry took 80 bytes even when shared; five numbers take 20. Texts are told
/// > apart by their UTF-8 bytes (a text comes back with exactly the bytes it went in with, never those of
/// > a canonically equivalent one). Adding takes a lock; reading does not: a text's slot is written before
/// > its number is handed out and never changes, and its segment never moves, so whoever holds a number
/// > (received through whatever handed them the entry) reads a finished slot.
///
/// > Note: a table lives as long as the entries made in it, and no longer. Whoever makes entries says which table
/// > they go into: a run makes its own and passes it to its importers (``LedgerEntry/init(id:occurredAt:payeeID:payeeType:payeeName:kind:amount:reference:description:payoutID:payoutStatus:payoutArrival:distance:source:texts:)``),
/// > so two runs in one process never hold each other's texts; an entry made without one (tests, tools) gets a
/// > small table of its own. No table is reachable from anywhere but the entries and records that hold it.
public final class EntryTexts: @unchecked Sendable {
    /// What a number stands for: 0 is "no text" (nil), n is the text in slot n - 1.
    typealias Number = UInt32

    /// Slots come in segments that double in size: segment k holds `firstSegment << k` slots, so that a table of
    /// one entry's texts is small and a run's table of millions never moves a slot (30 segments hold 2^32 slots).
    private static let firstSegmentBits = 4
    private static let segmentCount = 32

    /// The text slots, in segments allocated as they are needed.
    private let segments: UnsafeMutablePointer<UnsafeMutablePointer<String>?>

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

    /// An empty table: one per run, passed to whatever makes the run's entries.
    public init() {
        segments = .allocate(capacity: Self.segmentCount)
        segments.initialize(repeating: nil, count: Self.segmentCount)
    }

    deinit {
        let count = writer.withLock { $0.count }
        var segment = 0
        var first = 0
        while first < count, let slots = segments[segment] {
            let size = Self.segmentSize(segment)
            slots.deinitialize(count: min(size, count - first))
            slots.deallocate()
            first += size
            segment += 1
        }
        segments.deinitialize(count: Self.segmentCount)
        segments.deallocate()
    }

    /// How many slots segment `segment` holds.
    @inline(__always)
    private static func segmentSize(_ segment: Int) -> Int { 1 << (firstSegmentBits + segment) }

    /// The segment of slot `slot`, and the slot's place in it.
    @inline(__always)
    private static func place(_ slot: Int) -> (segment: Int, offset: Int) {
        let shifted = slot + (1 << firstSegmentBits)
        let segment = (Int.bitWidth - 1 - shifted.leadingZeroBitCount) - firstSegmentBits
        return (segment, shifted - (1 << (firstSegmentBits + segment)))
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
            let (segment, offset) = Self.place(writer.count)
            let slots: UnsafeMutablePointer<String>
            if let allocated = segments[segment] {
                slots = allocated
            } else {
                slots = .allocate(capacity: Self.segmentSize(segment))
                segments[segment] = slots
            }
            (slots + offset).initialize(to: text)
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
        let (segment, offset) = Self.place(Int(number) - 1)
        guard let slots = segments[segment] else { preconditionFailure("a number this table gave") }
        return slots[offset]
    }

    /// Calls `body` with every text, in the order of their numbers (a ledger's state, ``Ledger/writeState(_:)``).
    func forEachText(_ body: (String) throws -> Void) rethrows {
        let count = self.count
        for slot in 0..<count {
            let (segment, offset) = Self.place(slot)
            guard let slots = segments[segment] else { preconditionFailure("a slot that was filled") }
            try body(slots[offset])
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
}
