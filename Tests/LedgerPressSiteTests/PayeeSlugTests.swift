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
