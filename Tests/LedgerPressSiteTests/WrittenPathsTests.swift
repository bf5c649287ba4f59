import Testing

@testable import LedgerPressPublish

/// The paths a run wrote into staging, kept by folder and name (what the spare's check keeps though they are
/// not the published inodes).
@Suite struct WrittenPathsTests {
    @Test func aPathIsFoundByItsFolderAndName() {
        var written = WrittenPaths()
        for path in [
            "payees/drv_1/2026-10.html", "finance/lines.csv", "index.html",
            "payees/a-much-longer-slug-x/name-longer-than-fifteen.md",
        ] {
            written.insert(path)
        }
        for path in [
            "payees/drv_1/2026-10.html", "finance/lines.csv", "index.html",
            "payees/a-much-longer-slug-x/name-longer-than-fifteen.md",
        ] {
            #expect(written.contains(path))
        }
        // The same name in another folder, the folder itself, a name at the top that only a folder holds.
        for path in [
            "payees/drv_2/2026-10.html", "payees/drv_1", "2026-10.html", "lines.csv", "finance",
            "payees/drv_1/2026-10.htm",
        ] {
            #expect(!written.contains(path))
        }
    }
}
