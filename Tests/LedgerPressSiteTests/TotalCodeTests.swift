import LedgerPressCore
import Testing

@testable import LedgerPressSample
@testable import LedgerPressSite

/// Paths that used to trap (`fatalError`, force-unwraps) now throw or are total.
@Suite struct TotalCodeTests {
    @Test func anUnfilledParallelSlotIsAnErrorNotATrap() throws {
        let slots = ResultSlots<Int>(count: 3)
        slots.set(0) { 1 }
        slots.set(2) { 3 }
        #expect(throws: ResultSlots<Int>.Unfilled.self) { try slots.values() }
        do {
            _ = try slots.values()
        } catch let error as ResultSlots<Int>.Unfilled {
            #expect(error.description == "parallel work ended without a result for slot 1")
        }
    }

    @Test func filledSlotsComeBackInIndexOrder() throws {
        let slots = ResultSlots<Int>(count: 3)
        for index in [2, 0, 1] { slots.set(index) { index * 10 } }
        #expect(try slots.values() == [0, 10, 20])
    }

    @Test func everySampleCurrencyIsKnown() {
        #expect(SampleGenerator.zones.count == 10)
        #expect(Set(SampleGenerator.zones.map(\.1.code)) == ["USD", "EUR", "JPY"])
    }
}
