import LedgerPressSite
import Testing

/// The one rule for site paths, shared by the builder's output, merge's input and what SiteWriter is handed.
@Suite struct SitePathTests {
    static let slugs: Set<String> = ["drv_ann", "~44~52~56_case"]

    @Test(arguments: [
        "index.html", "finance/summary.csv", "finance/lines.csv", "finance/revisions.csv", "assets/style.css",
        "payees/style.css", "manifest.json",
        "shard.json", "payees/drv_ann/index.html", "payees/drv_ann/2026-10.md", "payees/~44~52~56_case/2026-W43.csv",
    ])
    func acceptsTheSitesFiles(path: String) throws {
        try SitePath.check(path, payeeSlugs: Self.slugs)
    }

    @Test(arguments: [
        ("", SitePath.Violation.empty),
        ("/etc/passwd", .absolute),
        ("payees/drv_ann/../../../victim.txt", .dotComponent("..")),
        ("payees/drv_ann/./index.html", .dotComponent(".")),
        ("payees/drv_ann//index.html", .emptyComponent),
        ("payees/drv_ann/", .emptyComponent),
        ("payees/drv_ann/index.html\u{0}.txt", .forbiddenByte(0)),
        ("payees/drv_ann/a\nb.html", .forbiddenByte(10)),
        ("payees/drv_ann/a\u{7F}.html", .forbiddenByte(0x7F)),
        ("payees\\drv_ann\\index.html", .forbiddenByte(UInt8(ascii: "\\"))),
        ("payees/drv_ann/" + String(repeating: "a", count: 256), .longComponent),
        ("notes.txt", .outsideKnownFiles),
        ("finance/other.csv", .outsideKnownFiles),
        ("payees/drv_ann/deeper/index.html", .outsideKnownFiles),
        ("payees/drv_bob/index.html", .unknownPayee("drv_bob")),
        ("payees/DRV_case/index.html", .unknownPayee("DRV_case")),
        // A slash followed by a combining mark is one Character but still a slash: paths split on bytes.
        ("payees/drv_ann/../\u{301}x", .dotComponent("..")),
        ("../\u{301}etc/passwd", .dotComponent("..")),
        ("payees/drv_ann/a/\u{301}b", .outsideKnownFiles),
    ])
    func refusesEverythingElse(path: String, violation: SitePath.Violation) {
        #expect(throws: violation) { try SitePath.check(path, payeeSlugs: Self.slugs) }
    }

    /// Whatever a payee id holds, the paths of its folder are site paths.
    @Test(arguments: [
        "drv_ann", "../../etc", "a/b", "\u{0}\n\u{202E}", "..", ".", "", String(repeating: "Ü", count: 200),
    ])
    func everyPayeeSlugGivesSitePaths(id: String) throws {
        let slug = PayeeSlug.slug(for: id)
        try SitePath.check("payees/\(slug)/index.html", payeeSlugs: [slug])
        try SitePath.checkFolder("payees/\(slug)", payeeSlugs: [slug])
    }

    @Test func folders() throws {
        for folder in ["finance", "assets", "payees", "payees/drv_ann"] {
            try SitePath.checkFolder(folder, payeeSlugs: Self.slugs)
        }
        #expect(throws: SitePath.Violation.outsideKnownFiles) {
            try SitePath.checkFolder("payees/drv_ann/x", payeeSlugs: Self.slugs)
        }
        #expect(throws: SitePath.Violation.outsideKnownFiles) {
            try SitePath.checkFolder("notes", payeeSlugs: Self.slugs)
        }
    }

    @Test func quotedPathsCannotForgeALine() {
        #expect(SitePath.quoted("a\nb\u{0}c\\d") == "a\\u{a}b\\u{0}c\\u{5c}d")
        #expect(SitePath.quoted("Ünïcode/ok") == "Ünïcode/ok")
    }

    /// The byte-level checks give the verdict of the rule written with String components, on every path of up
    /// to four pieces (slashes, dots, names, the folder `payees`, forbidden bytes, a combining mark, long names).
    @Test func byteLevelChecksMatchTheComponentRule() {
        let pieces = [
            "/", ".", "..", "payees", "drv_ann", "drv_bob", "a", "\u{301}", "\\", "\u{0}", "\n", "\u{7F}", "é",
            "index.html", String(repeating: "x", count: 250),
        ]
        var paths = [""]
        var level = [""]
        for _ in 0..<4 {
            level = level.flatMap { prefix in pieces.map { prefix + $0 } }
            paths += level
        }
        paths += [
            "payees/drv_ann/" + String(repeating: "a", count: 255), "payees/" + String(repeating: "b", count: 256),
        ]
        for path in paths {
            let new = Result { () throws(SitePath.Violation) in try SitePath.check(path, payeeSlugs: Self.slugs) }
            let reference = Result { () throws(SitePath.Violation) in try Self.referenceCheck(path) }
            #expect(
                String(describing: new) == String(describing: reference), "\(String(reflecting: path))")
        }
    }

    /// The rule as it was written before the byte-level checks: String components, each checked in turn.
    static func referenceCheck(_ path: String) throws(SitePath.Violation) {
        guard !path.isEmpty else { throw .empty }
        guard !path.hasPrefix("/") else { throw .absolute }
        if let byte = path.utf8.first(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\\") }) {
            throw .forbiddenByte(byte)
        }
        let components = SitePath.components(path)
        for component in components {
            if component.isEmpty { throw .emptyComponent }
            if component == "." || component == ".." { throw .dotComponent(component) }
            if component.utf8.count > 255 { throw .longComponent }
        }
        if SitePath.topLevelFiles.contains(path) { return }
        guard components.count == 3, components[0] == "payees" else { throw .outsideKnownFiles }
        guard slugs.contains(components[1]) else { throw .unknownPayee(components[1]) }
    }
}
