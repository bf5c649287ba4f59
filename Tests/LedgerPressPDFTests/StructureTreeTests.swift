import Foundation
import LedgerPressRender
import Testing

@testable import LedgerPressPDF

/// The tagged structure as a reader sees it (`qpdf --json`): tags, nesting, each element's `/P`, marked-content ids
/// per page, `/Alt`, `/Scope`, `/Lang`, and a parent tree that names each marked-content id's element.
@Suite struct StructureTreeTests {
    /// The structure tree of the PDF at `path`, one line per element (indented by depth): its tag, its attributes and
    /// its marked content as `page:mcid`; then, per page, the tags the parent tree names for the page's ids.
    static func dump(_ path: String) throws -> String {
        let json = try NativePDFLayoutTests.poppler("qpdf", ["--json=2", "--json-key=qpdf", "--json-key=pages", path])
        let top = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let objects = try #require((top["qpdf"] as? [Any])?.last as? [String: Any])
        let pages = try #require(top["pages"] as? [[String: Any]]).map { $0["object"] as? String ?? "" }
        func object(_ reference: Any?) throws -> [String: Any] {
            let name = try #require(reference as? String)
            let entry = try #require(objects["obj:\(name)"] as? [String: Any])
            return try #require(entry["value"] as? [String: Any])
        }
        let trailer = try #require((objects["trailer"] as? [String: Any])?["value"] as? [String: Any])
        let catalog = try object(trailer["/Root"])
        let root = try object(catalog["/StructTreeRoot"])
        var lines = ["Lang \(catalog["/Lang"] ?? "none")"]
        func walk(_ reference: String, parent: String, depth: Int) throws {
            let element = try object(reference)
            #expect(element["/P"] as? String == parent, "each element's /P is its parent")
            var line = String(repeating: "  ", count: depth) + (element["/S"] as? String ?? "?")
            if let alt = element["/Alt"] { line += " Alt=\(alt)" }
            if let lang = element["/Lang"] { line += " Lang=\(lang)" }
            if let attributes = element["/A"] as? [String: Any] {
                line += " \(attributes["/O"] ?? "")/Scope=\(attributes["/Scope"] ?? "")"
            }
            var children: [String] = []
            // A bare marked-content id is on the element's own page (`/Pg`); a marked-content reference names its.
            let ownPage = pages.firstIndex(of: element["/Pg"] as? String ?? "") ?? -1
            let kids = element["/K"].map { $0 as? [Any] ?? [$0] } ?? []
            for kid in kids {
                if let mcid = kid as? Int {
                    line += " \(ownPage):\(mcid)"
                } else if let marked = kid as? [String: Any] {
                    let page = pages.firstIndex(of: marked["/Pg"] as? String ?? "") ?? -1
                    line += " \(page):\(marked["/MCID"] ?? "")"
                } else if let child = kid as? String {
                    children.append(child)
                }
            }
            lines.append(line)
            for child in children { try walk(child, parent: reference, depth: depth + 1) }
        }
        let structRoot = try #require(catalog["/StructTreeRoot"] as? String)
        for kid in root["/K"] as? [Any] ?? [] {
            let reference = try #require(kid as? String)
            try walk(reference, parent: structRoot, depth: 0)
        }
        let nums = try #require(try object(root["/ParentTree"])["/Nums"] as? [Any])
        for index in stride(from: 0, to: nums.count, by: 2) {
            let owners = try (nums[index + 1] as? [Any] ?? []).map { try object($0)["/S"] as? String ?? "?" }
            lines.append("page \(nums[index]): " + owners.joined(separator: " "))
        }
        return lines.joined(separator: "\n")
    }

    @Test func theTreeHasEveryBlocksTagsNestingMarkedContentAndAttributes() throws {
        let table = TableData(
            id: "t", header: ["Date", "Job", "Net"], alignments: [.left, .left, .right],
            rows: [["2026-10-01", "job_1", "$1.00"], ["2026-10-02", "job_2", "$2.00"]],
            footer: [["Total", "", "$3.00"]], caption: "Jobs", rowHeaderColumn: 1)
        let document = PrintDocument(
            title: "Tree", language: "de-DE", created: "2026-10-31T23:59:59+00:00",
            blocks: [
                .heading(level: 1, text: "Title"), .paragraph([.init("A paragraph.")]),
                .list([[.init("one")], [.init("two")]]), .heading(level: 2, text: "Jobs"), .table(table),
                .chart(.init(title: "Chart", alt: "Bars", values: [1, -2, 3], firstLabel: "1", lastLabel: "3")),
            ], attachment: nil)
        let path = try NativePDFLayoutTests.file(try NativePDFLayoutTests.writer.get().render(document), "tree.pdf")
        #expect(
            try Self.dump(path) == """
                Lang u:de-DE
                /Document Lang=u:de-DE
                  /H1 0:0
                  /P 0:1
                  /L
                    /LI
                      /LBody 0:2
                    /LI
                      /LBody 0:3
                  /H2 0:4
                  /Table
                    /Caption 0:5
                    /THead
                      /TR
                        /TH /Table/Scope=/Column 0:6
                        /TH /Table/Scope=/Column 0:7
                        /TH /Table/Scope=/Column 0:8
                    /TBody
                      /TR
                        /TD 0:9
                        /TH /Table/Scope=/Row 0:10
                        /TD 0:11
                      /TR
                        /TD 0:12
                        /TH /Table/Scope=/Row 0:13
                        /TD 0:14
                    /TFoot
                      /TR
                        /TH /Table/Scope=/Row 0:15
                        /TD 0:16
                        /TD 0:17
                  /P 0:18
                  /Figure Alt=u:Bars 0:19
                page 0: /H1 /P /LBody /LBody /H2 /Caption /TH /TH /TH /TD /TH /TD /TD /TH /TD /TH /TD /TD /P /Figure
                """)
    }

    /// An element's marked content on its own page is written as bare ids under its `/Pg`; what goes on to the next
    /// page is a marked-content reference naming that page. A reader sees one paragraph on two pages either way.
    @Test func aParagraphAcrossAPageBreakNamesTheNextPagesContentByItsPage() throws {
        let filler = (0..<30).map { PrintDocument.Block.paragraph([.init("Line \($0)")]) }
        let long = String(repeating: "Every job with the driver's take only. ", count: 120)
        let document = PrintDocument(
            title: "Across", language: "en", created: "2026-10-31T23:59:59+00:00",
            blocks: filler + [.paragraph([.init(long)])], attachment: nil)
        let bytes = try NativePDFLayoutTests.writer.get().render(document)
        let path = try NativePDFLayoutTests.file(bytes, "across.pdf")
        let lines = try Self.dump(path).split(separator: "\n")
        // The last paragraph's line: its marked content on two pages, in order.
        let last = try #require(lines.last { $0.hasPrefix("  /P ") })
        let pages = last.split(separator: " ").dropFirst().map { $0.prefix { $0 != ":" } }
        #expect(Set(pages).count == 2 && pages == pages.sorted(), "\(last)")
        let json = try NativePDFLayoutTests.poppler("qpdf", ["--json=2", "--json-key=qpdf", path])
        #expect(json.contains("\"/Type\": \"/MCR\""), "the next page's content as a marked-content reference")
        #expect(try NativePDFLayoutTests.poppler("pdftotext", [path, "-"]).contains("Line 29"))
    }
}
