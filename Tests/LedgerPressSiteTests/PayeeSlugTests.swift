import Testing

@testable import LedgerPressSite

@Suite struct PayeeSlugTests {
    @Test(arguments: [
        ("drv_001", "drv_001"), ("mer-7", "mer-7"), ("DRV_case", "~44~52~56_case"), ("drv_case", "drv_case"),
        ("../../etc/passwd", "~2e~2e~2f~2e~2e~2fetc~2fpasswd"), ("drv/slash", "drv~2fslash"), ("a~b", "a~7eb"),
        ("é", "~c3~a9"), ("tab\there", "tab~09here"), (".hidden", "~2ehidden"),
    ])
    func slugsAreSafeAndReadable(id: String, slug: String) {
        #expect(PayeeSlug.slug(for: id) == slug)
    }

    /// A leading `-` (read as an option by `rm`, `tar`, ...) and Windows' device names (`nul`, `con`, `com1`,
    /// ... in any case, also before an extension) never name a folder: their first byte is written as `~` and hex.
    @Test(arguments: [
        ("-rf", "~2drf"), ("-", "~2d"), ("--help", "~2d-help"), ("nul", "~6eul"), ("con", "~63on"), ("prn", "~70rn"),
        ("aux", "~61ux"), ("com1", "~63om1"), ("com9", "~63om9"), ("lpt1", "~6cpt1"), ("lpt9", "~6cpt9"),
        // Upper case and extensions were already encoded (`.` is `~2e`): Windows sees no device name in them.
        ("NUL", "~4e~55~4c"), ("nul.txt", "nul~2etxt"), ("Con", "~43on"),
        // Ids that merely hold such a name or a dash keep their slugs.
        ("a-rf", "a-rf"), ("null", "null"), ("com10", "com10"), ("com0", "com0"), ("lpt", "lpt"), ("nul_1", "nul_1"),
        ("drv-1", "drv-1"),
    ])
    func aLeadingDashAndDeviceNamesAreEncoded(id: String, slug: String) {
        #expect(PayeeSlug.slug(for: id) == slug)
    }

    @Test func noSlugStartsWithADashOrIsADeviceName() {
        let devices = Set(["con", "prn", "aux", "nul"] + (1...9).flatMap { ["com\($0)", "lpt\($0)"] })
        var ids = ["-", "-rf", "--", "-~", "~-"]
        for device in devices {
            ids += [device, device.uppercased(), device + ".txt", device + ".tar.gz", "-" + device]
        }
        for id in ids {
            let slug = PayeeSlug.slug(for: id)
            #expect(!slug.hasPrefix("-"), "\(id) -> \(slug)")
            let stem = slug.split(separator: ".", omittingEmptySubsequences: false)[0].lowercased()
            #expect(!devices.contains(stem), "\(id) -> \(slug)")
        }
        #expect(Set(ids.map { PayeeSlug.slug(for: $0).lowercased() }).count == ids.count)
    }

    @Test func slugsAreDistinctEvenIgnoringCase() {
        let ids = [
            "a", "A", "aA", "Aa", "AA", "a.b", "a/b", "a~2eb", "a_b", "a-b", "~", "~7e", "",
            "x" + String(repeating: "Y", count: 200),
            "x" + String(repeating: "Y", count: 199) + "Z",
        ]
        let slugs = ids.map { PayeeSlug.slug(for: $0).lowercased() }
        #expect(Set(slugs).count == ids.count)
        for slug in slugs {
            #expect(!slug.contains("/"))
            #expect(!slug.contains(".."))
            #expect(!slug.hasPrefix("."))
            #expect(slug.utf8.count <= 255)
            #expect(slug.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F })
        }
    }
}
