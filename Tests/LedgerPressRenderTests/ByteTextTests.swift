import Testing

@testable import LedgerPressRender

@Suite struct ByteTextTests {
    /// Integers come out as `String(value)` does, at the edges and in between.
    @Test func integersAsDecimal() {
        var values = [0, 1, -1, 9, 10, -10, 99, 100, 720, -222, Int.max, Int.min, Int.max - 1, Int.min + 1]
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<1000 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            values.append(Int(truncatingIfNeeded: seed) >> Int(seed % 63))
        }
        for value in values {
            var text = ByteText(capacity: 0)
            text += "x="
            text += value
            #expect(text.string == "x=" + String(value))
        }
    }

    @Test func textsAreAppendedAsTheirBytes() {
        var text = ByteText(capacity: 4)
        text += "Zoë "
        text += "مرحبا"
        text += ""
        text += "\u{0}"
        #expect(text.string == "Zoë مرحبا\u{0}")
        text.append("<a", "", "b>")
        text.attributes(("x", -3), ("height", 0))
        #expect(text.string == "Zoë مرحبا\u{0}<ab> x=\"-3\" height=\"0\"")
        text.removeAll()
        #expect(text.string.isEmpty)
    }
}
