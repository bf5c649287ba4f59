// swift-format-ignore-file: NeverForceUnwrap

import CMalloc
import Foundation
import Synchronization
import Testing

@testable import LedgerPressCore

/// The compact storage of ledger entries: every field comes back as it went in, byte for byte, and an
/// entry fits one 128-byte heap block with nothing else of its own on the heap.
@Suite struct LedgerEntryStorageTests {
    static func entry(
        _ id: String, currency: String = "USD", reference: String = "job_1",
        source: LedgerPressCore.SourceLocation = LedgerPressCore.SourceLocation(file: "a.csv", line: 2)
    ) -> LedgerEntry {
        LedgerEntry(
            id: id, occurredAt: Timestamp(epochSeconds: 1_791_036_000, nanoseconds: 5, offsetSeconds: -14_400),
            payeeID: "drv_1",
            payeeType: .merchant, payeeName: "Ann", kind: .refund,
            amount: Money(minorUnits: -12_345, currency: Currency(code: currency)!),
            reference: reference, description: "Ride", payoutID: "po_1", payoutStatus: .processing, source: source)
    }

    @Test func everyFieldComesBack() {
        let entry = Self.entry("t1", currency: "bhd")
        #expect(entry.id == "t1")
        #expect(entry.occurredAt == Timestamp(epochSeconds: 1_791_036_000, nanoseconds: 5, offsetSeconds: -14_400))
        #expect(entry.occurredAt.offsetSeconds == -14_400)
        #expect(entry.amount == Money(minorUnits: -12_345, currency: Currency(code: "BHD")!))
        #expect(entry.amount.currency.exponent == 3)
        #expect((entry.payeeID, entry.payeeType, entry.payeeName) == ("drv_1", .merchant, "Ann"))
        #expect((entry.kind, entry.reference, entry.description) == (.refund, "job_1", "Ride"))
        #expect((entry.payoutID, entry.payoutStatus, entry.isStatusReport) == ("po_1", .processing, false))
        #expect(entry.source == LedgerPressCore.SourceLocation(file: "a.csv", line: 2))
    }

    @Test func everyCurrencyPacks() {
        for (code, exponent) in Currency.exponents {
            let money = Money(minorUnits: 7, currency: Currency(code: code)!)
            var entry = Self.entry("t1")
            entry.amount = money
            #expect(entry.amount == money)
            #expect(entry.amount.currency.exponent == exponent)
        }
    }

    @Test(arguments: [
        LedgerPressCore.SourceLocation(file: "a.csv", line: 0),
        LedgerPressCore.SourceLocation(file: "a.csv", line: 4_294_967_294),
        LedgerPressCore.SourceLocation(file: "a.csv", line: 4_294_967_295),
        LedgerPressCore.SourceLocation(file: "a.csv", line: Int.max),
        LedgerPressCore.SourceLocation(file: "a.csv", line: -1),
        LedgerPressCore.SourceLocation(file: "b.csv", line: 3, field: "amount"),
        LedgerPressCore.SourceLocation(file: "", line: 1),
    ])
    func everySourceComesBack(source: LedgerPressCore.SourceLocation) {
        var entry = Self.entry("t1", source: source)
        #expect(entry.source == source)
        entry.source = LedgerPressCore.SourceLocation(file: "c.csv", line: 9)
        #expect(entry.source == LedgerPressCore.SourceLocation(file: "c.csv", line: 9))
        // Equal sources make equal entries however the source was set; any other line, file or field does not.
        var reset = Self.entry("t1", source: LedgerPressCore.SourceLocation(file: "elsewhere.csv", line: 7))
        reset.source = source
        #expect(reset == Self.entry("t1", source: source))
        var nextLine = source
        nextLine.line = source.line == Int.max ? 0 : source.line + 1
        var otherFile = source
        otherFile.file += "x"
        var otherField = source
        otherField.field = source.field == nil ? "amount" : nil
        for other in [nextLine, otherFile, otherField] {
            #expect(Self.entry("t1", source: source) != Self.entry("t1", source: other), "\(other)")
        }
    }

    @Test func copiesDoNotSeeEachOthersChanges() {
        let first = Self.entry("t1")
        var second = first
        second.amount = Money(minorUnits: 1, currency: Currency(code: "JPY")!)
        second.source = LedgerPressCore.SourceLocation(file: "b.csv", line: 5)
        #expect(first.amount == Money(minorUnits: -12_345, currency: Currency(code: "USD")!))
        #expect(first.source == LedgerPressCore.SourceLocation(file: "a.csv", line: 2))
        #expect(first != second)
    }

    @Test func anEntryFitsOneHeapBlockOf128Bytes() {
        let box = LedgerEntryBox(
            id: "t1", occurredAt: Timestamp(epochSeconds: 0), payeeID: "p", payeeType: .driver, payeeName: nil,
            kind: .tip,
            amount: Money(minorUnits: 1, currency: Currency(code: "USD")!), reference: nil, description: nil,
            payoutID: nil,
            payoutStatus: nil, source: LedgerPressCore.SourceLocation(file: "a.csv", line: 1), isStatusReport: false,
            texts: EntryTexts())
        let usable = withExtendedLifetime(box) { malloc_usable_size(Unmanaged.passUnretained(box).toOpaque()) }
        // jemalloc's size classes are 112 and 128 bytes: the box keeps to 112 (at most 120 under glibc, whose
        // 128-byte block has 120 usable), with issue 50's arrival and distance in the description's text.
        #expect(usable <= 120)
    }

    /// Issue 50: the payout arrival and the job's distance come back with the description byte for byte, through
    /// the box, a copy, a move to another table and a spill record; setting or clearing either keeps the other.
    @Test(arguments: [
        (CivilDate?.none, Distance?.none), (CivilDate(daysSinceEpoch: 20_561), nil),
        (CivilDate(daysSinceEpoch: 0), nil), (CivilDate(daysSinceEpoch: -1), nil),
        (nil, Distance(thousandths: 12_500, unit: .km)), (nil, Distance(thousandths: 0, unit: .mi)),
        (nil, Distance(thousandths: 999_999_999_999_999, unit: .mi)),
        (CivilDate(daysSinceEpoch: 20_561), Distance(thousandths: 7, unit: .km)),
    ])
    func arrivalAndDistanceComeBackWithTheDescription(arrival: CivilDate?, distance: Distance?) {
        for description in [nil, "", "Ride", "-", "=k5", "a1=b", "caf\u{E9} \u{1F600}", "a\u{0}b"] as [String?] {
            var entry = Self.entry("t1")
            entry.description = description
            entry.payoutArrival = arrival
            entry.distance = distance
            let check = { (entry: LedgerEntry, place: String) in
                #expect(entry.description.map { Array($0.utf8) } == description.map { Array($0.utf8) }, "\(place)")
                #expect(entry.payoutArrival == arrival && entry.distance == distance, "\(place)")
            }
            check(entry, "box")
            let made = LedgerEntry(
                id: "t1", occurredAt: entry.occurredAt, payeeID: "drv_1", payeeType: .merchant, payeeName: "Ann",
                kind: .refund, amount: entry.amount, reference: "job_1", description: description, payoutID: "po_1",
                payoutStatus: .processing, payoutArrival: arrival, distance: distance, source: entry.source)
            check(made, "init")
            #expect(made == entry)
            let record = UnsafeMutableRawPointer.allocate(byteCount: LedgerEntryBox.recordSize, alignment: 16)
            defer { record.deallocate() }
            entry.storage.write(to: record)
            let view = EntryRecordView(bytes: record, texts: entry.storage.texts)
            check(view.entry, "record")
            #expect(view.description.map { Array($0.utf8) } == description.map { Array($0.utf8) })
            #expect(view.payoutArrival == arrival && view.distance == distance)
            check(LedgerEntry(box: entry.storage.moved(to: EntryTexts())), "moved")
            var changed = entry
            changed.description = "changed"
            #expect(changed.payoutArrival == arrival && changed.distance == distance)
            #expect(changed.description == "changed")
            changed.distance = nil
            changed.payoutArrival = nil
            #expect(changed.description == "changed" && changed.payoutArrival == nil && changed.distance == nil)
            check(entry, "original after the copy changed")
        }
    }

    /// Ids inline up to 30 bytes and kept in the text table beyond; texts told apart by their bytes, so that
    /// canonically equivalent texts (precomposed and decomposed "é", the Kelvin sign and "K") each come back as written.
    @Test(arguments: [
        "", "t", String(repeating: "x", count: 15), String(repeating: "x", count: 16),
        String(repeating: "y", count: 30),
        String(repeating: "z", count: 31), "txn_1NirD82eZvKYlo2CIvbtLWuY", "caf\u{E9}", "cafe\u{301}", "\u{212A}elvin",
        "Kelvin",
        "\u{1F600} grin", String(repeating: "\u{E9}", count: 15), String(repeating: "\u{E9}", count: 16), "a\u{0}b",
    ])
    func textsComeBackByteForByte(text: String) {
        var entry = LedgerEntry(
            id: text, occurredAt: Timestamp(epochSeconds: 0), payeeID: text, payeeType: .driver, payeeName: text,
            kind: .tip,
            amount: Money(minorUnits: 1, currency: Currency(code: "USD")!), reference: text, description: text,
            payoutID: text,
            source: LedgerPressCore.SourceLocation(file: "a.csv", line: 1))
        for field in [entry.id, entry.payeeID, entry.payeeName, entry.reference, entry.description, entry.payoutID] {
            #expect(field.map { Array($0.utf8) } == Array(text.utf8))
        }
        #expect(entry.hasID(text))
        entry.description = nil
        entry.id = text + "!"
        #expect(entry.description == nil && Array(entry.id.utf8) == Array((text + "!").utf8))
        #expect(!entry.hasID(text))
    }

    /// `hasID` is `==` on the id and `idPrecedes` is the order of UTF-8 bytes, for short, long and non-ASCII ids.
    @Test func idComparisonsAreThoseOfStrings() {
        let ids = [
            "", "a", "ab", "b", "txn_9", "txn_10", "txn_1NirD82eZvKYlo2CIvbtLWuY", "txn_1NirD82eZvKYlo2CIvbtLWuY:fee",
            String(repeating: "q", count: 30), String(repeating: "q", count: 31), String(repeating: "q", count: 40),
            "caf\u{E9}", "cafe\u{301}", "\u{212A}", "K", "\u{FFFF}", "\u{10000}",
        ]
        let entries = ids.map { Self.entry($0) }
        for (a, x) in zip(ids, entries) {
            for (b, y) in zip(ids, entries) {
                #expect(x.hasID(b) == (a == b), "\(a) vs \(b)")
                #expect(x.idPrecedes(y) == a.utf8.lexicographicallyPrecedes(b.utf8), "\(a) vs \(b)")
            }
        }
    }

    @Test func idsAreIndexedAsStringsCompare() {
        var log = DiagnosticLog()
        var ledger = Ledger()
        for index in 0..<5_000 { ledger.add(Self.entry("t\(index % 2_500)"), diagnostics: &log) }
        #expect(ledger.entries.count == 2_500)
        #expect(ledger.entries.map(\.id) == (0..<2_500).map { "t\($0)" })
        // "é" written precomposed and decomposed is found as one id, as for a dictionary keyed by the id, and then
        // refused as a look-alike of it (issue 25, F12): the bytes differ, so upstream they are two entries.
        ledger.add(Self.entry("caf\u{E9}"), diagnostics: &log)
        ledger.add(Self.entry("cafe\u{301}"), diagnostics: &log)
        #expect(ledger.entries.count == 2_501)
        var conflicting = Self.entry("t7")
        conflicting.kind = .tip
        ledger.add(conflicting, diagnostics: &log)
        #expect(
            log.items.map(\.message) == [
                "a.csv:2: error: id: expected an id that differs from 'caf\u{E9}' at a.csv:2 as text, not only in its "
                    + "Unicode normalization (U+63 U+61 U+66 U+E9 there, U+63 U+61 U+66 U+65 U+301 here), got 'cafe\u{301}'",
                "a.csv:2: error: kind: expected the same kind for repeated id 't7' as at a.csv:2 ('refund'), got 'tip'",
            ])
    }

    /// Texts numbered from several threads at once come back as they went in, read from any thread.
    @Test func textsNumberedOnManyThreadsComeBack() {
        let texts = (0..<20_000).map { "text \($0 % 5_000) of \($0 % 7)" }
        let entries = ResultsBox(count: texts.count)
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for index in stride(from: worker, to: texts.count, by: 8) {
                entries.set(index, Self.entry("id \(index) of a long enough id", reference: texts[index]))
            }
        }
        let made = entries.values
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for index in stride(from: worker, to: texts.count, by: 8) {
                precondition(
                    made[index].reference == texts[index] && made[index].id == "id \(index) of a long enough id")
            }
        }
        #expect(made.map(\.reference) == texts)
    }

    final class ResultsBox: Sendable {
        private let slots: Mutex<[LedgerEntry?]>
        init(count: Int) { slots = Mutex(Array(repeating: nil, count: count)) }
        func set(_ index: Int, _ entry: LedgerEntry) { slots.withLock { $0[index] = entry } }
        var values: [LedgerEntry] { slots.withLock { $0.compactMap { $0 } } }
    }
}
