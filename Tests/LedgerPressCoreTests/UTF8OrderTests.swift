import Testing

@testable import LedgerPressCore

/// `String.utf8Precedes` is the order of UTF-8 bytes, as `utf8.lexicographicallyPrecedes` gives it, on every
/// pair of a set of texts with shared prefixes, non-ASCII letters, composed and decomposed forms and NULs.
struct UTF8OrderTests {
    static let texts: [String] = [
        "", "a", "b", "ab", "abc", "a\u{0}", "a\u{0}b", "A", "Z", "_", "~", "2026-10-05.html", "2026-10-05.md",
        "2026-10-05.csv", "2026-W41.html", "2026-10.html", "index.html", "manifest.json", "é", "e\u{301}", "ë",
        "zé", "z\u{7F}", "z\u{80}", "日本", "日本語", "🙂", "\u{FFFF}", "\u{10000}", String(repeating: "x", count: 40),
        String(repeating: "x", count: 40) + "y", "payees/drv_0001/2026-10.csv", "payees/drv_0001/2026-10-01.csv",
    ]

    @Test func sameOrderAsTheBytesViewOnEveryPair() {
        for a in Self.texts {
            for b in Self.texts {
                #expect(
                    a.utf8Precedes(b) == a.utf8.lexicographicallyPrecedes(b.utf8),
                    "\(a.debugDescription) vs \(b.debugDescription)")
            }
        }
    }

    @Test func sortsLikeTheBytesView() {
        let shuffled = Self.texts.reversed() + Self.texts
        #expect(
            shuffled.sorted { $0.utf8Precedes($1) } == shuffled.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    }
}
