import Foundation
import Testing

@testable import LedgerPressSite

#if canImport(Glibc)
    import Glibc
#endif

/// The pass that makes Chromium's PDFs a statement's PDFs, on a small PDF written here in the layout Skia writes
/// (objects, a classic cross-reference table, a trailer without `ID`).
@Suite struct ChromiumPDFFinishTests {
    /// A one-page PDF whose info dictionary has the clock's dates and whose structure names node numbers.
    static func skiaLike(date: String, nodes: [Int]) -> Data {
        var body = "%PDF-1.4\n"
        var offsets: [Int] = []
        func object(_ text: String) {
            offsets.append(body.utf8.count)
            body += "\(offsets.count) 0 obj\n\(text)\nendobj\n"
        }
        object("<</Title (A statement)\n/CreationDate (D:\(date)+00'00')\n/ModDate (D:\(date)+00'00')>>")
        object("<</Type /Pages /Kids [3 0 R] /Count 1>>")
        object("<</Type /Page /Parent 2 0 R /MediaBox [0 0 595 842]>>")
        object("<</Type /StructElem /S /P /ID (node\(String(format: "%08d", nodes[0])))>>")
        object("<</Type /StructElem /S /P /ID (node\(String(format: "%08d", nodes[1])))>>")
        object("<</Type /StructTreeRoot /IDTree <</Names [(node\(String(format: "%08d", nodes[0]))) 4 0 R]>>>>")
        object("<</Type /Catalog\n/Pages 2 0 R\n/MarkInfo <</Type /MarkInfo\n/Marked true>>\n/StructTreeRoot 6 0 R>>")
        let xref = body.utf8.count
        body += "xref\n0 \(offsets.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { body += String(format: "%010d 00000 n \n", offset) }
        body += "trailer\n<</Size \(offsets.count + 1)\n/Root 7 0 R\n/Info 1 0 R>>\nstartxref\n\(xref)\n%%EOF"
        return Data(body.utf8)
    }

    static let csv = PDFEngine.Attachment(
        name: "2026-10.csv", bytes: Data("date,amount\n2026-10-02,18.00\n".utf8), type: "text/csv",
        description: "The statement's lines (CSV)")

    @Test func twoPrintsOfOneStatementAtOtherTimesBecomeTheSameBytes() throws {
        let first = try ChromiumPDFFinish.finish(
            Self.skiaLike(date: "20261126231955", nodes: [14303, 14557]), created: "2026-10-31T23:59:59Z",
            attachment: Self.csv)
        let second = try ChromiumPDFFinish.finish(
            Self.skiaLike(date: "20261127080102", nodes: [15011, 15265]), created: "2026-10-31T23:59:59Z",
            attachment: Self.csv)
        #expect(first == second)
        let text = String(decoding: first, as: UTF8.self)
        #expect(text.components(separatedBy: "(D:20261031235959+00'00')").count == 4)  // both dates and the file's
        #expect(!text.contains("20261126"))
        // Node names by first appearance, the same name for the same node.
        #expect(text.contains("/ID (node00000001)") && text.contains("/ID (node00000002)"))
        #expect(text.contains("[(node00000001) 4 0 R]"))
    }

    @Test func theAttachmentIsAnIncrementalUpdateThatPointsBackAndFindsItsObjects() throws {
        let original = Self.skiaLike(date: "20261126231955", nodes: [1, 2])
        let finished = try ChromiumPDFFinish.finish(original, created: "2026-10-31T23:59:59Z", attachment: Self.csv)
        // The original bytes stay where they were (only the fixed-width values changed) and the update follows.
        #expect(finished.count > original.count)
        let bytes = [UInt8](finished)
        let trailer = try ChromiumPDFFinish.lastTrailer(bytes)
        let previous = try ChromiumPDFFinish.lastTrailer([UInt8](original))
        #expect(trailer.size == previous.size + 2 && trailer.root == previous.root && trailer.info == 1)
        let catalog = try ChromiumPDFFinish.object(trailer.root, in: bytes, xref: trailer.xref)
        #expect(catalog.contains("/StructTreeRoot 6 0 R"))
        #expect(catalog.contains("/Names <</EmbeddedFiles <</Names [(2026-10.csv) 9 0 R]>>>> /AF [9 0 R]"))
        let specification = try ChromiumPDFFinish.object(9, in: bytes, xref: trailer.xref)
        #expect(specification.contains("/AFRelationship /Data") && specification.contains("/EF <</F 8 0 R"))
        let file = try ChromiumPDFFinish.object(8, in: bytes, xref: trailer.xref)
        #expect(file.contains("/Subtype /text#2Fcsv"))
        // In hexadecimal: `date,amount` is 64 61 74 65 2C 61 6D 6F 75 6E 74.
        #expect(file.contains("/Filter /ASCIIHexDecode") && file.contains("/Params <</Size 29 "))
        #expect(file.contains("stream\n646174652C616D6F756E74"))
        #expect(!file.contains("date,amount"))
        #expect(String(decoding: finished, as: UTF8.self).contains("/Prev \(previous.xref)>>"))
    }

    /// A long statement's PDF (thousands of table cells, each a structure element named after its node): the
    /// names come out numbered by first appearance, the same node the same name everywhere, and the pass works in
    /// the file's own buffer: it is never copied, and the memory allocated on the way is a small part of the file.
    @Test func aLargeStructureIsRenumberedInPlaceWithoutCopyingTheFile() throws {
        let count = 3000
        // Chromium's node numbers: large, not in document order, each named twice (the element and the ID tree).
        let nodes = (0..<count).map { 14_303 + ($0 * 7_919) % 100_000 }
        var text = "%PDF-1.4\n"
        for (index, node) in nodes.enumerated() {
            text += "\(index + 1) 0 obj\n<</Type /StructElem /S /TD /ID (node\(String(format: "%08d", node)))"
            text += " /K [\(index)] /Pg 3 0 R>>\nendobj\n"
        }
        text += "\(count + 1) 0 obj\n<</Type /StructTreeRoot /IDTree <</Names ["
        for (index, node) in nodes.enumerated().reversed() {
            text += "(node\(String(format: "%08d", node))) \(index + 1) 0 R "
        }
        text += "]>>>>\nendobj\n(node1234567) (nodeABCDEFGH)\n"
        var bytes = Array(text.utf8)
        let size = bytes.count
        let before = bytes.withUnsafeBufferPointer { $0.baseAddress }
        let allocated = Self.threadAllocated()
        ChromiumPDFFinish.renumberNodes(&bytes)
        let spent = Self.threadAllocated().map { after in after - (allocated ?? after) }
        #expect(bytes.withUnsafeBufferPointer { $0.baseAddress } == before, "the file's buffer was copied")
        #expect(bytes.count == size)
        if let spent {
            // The names (one dictionary entry per node) and the list of places: linear in the file, never a copy
            // of it per name (before: 1.97 GB for this 327 KB file, 6,000 times its size; now about 11 times in a
            // debug build).
            #expect(spent < 16 * UInt64(size), "allocated \(spent) bytes for a \(size)-byte file")
        }
        let renamed = String(decoding: bytes, as: UTF8.self)
        for index in [0, 1, 1500, count - 1] {
            let name = String(format: "(node%08d)", index + 1)
            #expect(renamed.contains("\(index + 1) 0 obj\n<</Type /StructElem /S /TD /ID \(name)"))
            #expect(renamed.contains("\(name) \(index + 1) 0 R "))
        }
        #expect(!renamed.contains(String(format: "(node%08d)", count + 1)))
        // Not a node name: seven digits, or letters.
        #expect(renamed.hasSuffix("(node1234567) (nodeABCDEFGH)\n"))
    }

    /// Bytes this thread has allocated so far, from jemalloc's `thread.allocated` when the process has jemalloc.
    static func threadAllocated() -> UInt64? {
        #if canImport(Glibc)
            typealias MallCtl =
                @convention(c) (
                    UnsafePointer<CChar>?, UnsafeMutableRawPointer?, UnsafeMutablePointer<Int>?,
                    UnsafeMutableRawPointer?, Int
                ) -> Int32
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallctl") else { return nil }
            let mallctl = unsafeBitCast(symbol, to: MallCtl.self)
            var value: UInt64 = 0
            var length = MemoryLayout<UInt64>.size
            guard mallctl("thread.allocated", &value, &length, nil, 0) == 0 else { return nil }
            return value
        #else
            return nil
        #endif
    }

    @Test func aFileItCannotFinishIsRefusedNotGuessed() {
        #expect(throws: ChromiumPDFFinish.Malformed.self) {
            try ChromiumPDFFinish.finish(
                Data("%PDF-1.4\n%%EOF".utf8), created: "2026-10-31T23:59:59Z", attachment: Self.csv)
        }
        #expect(throws: ChromiumPDFFinish.Malformed.self) {
            try ChromiumPDFFinish.pdfDate("2026-10-31T23:59:59+02:00")
        }
        #expect(ChromiumPDFFinish.literal("a (b) \\ c") == "(a \\(b\\) \\\\ c)")
    }
}
