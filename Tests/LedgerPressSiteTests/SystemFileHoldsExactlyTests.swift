import Foundation
import LedgerPressPublish
import Testing

@testable import LedgerPressSite

/// `SystemFile.holdsExactly`: the one-pass check that a staged folder (from the spare) is the published folder's
/// files, each name with its published inode, in whatever order the folder lists them. Anything else answers false,
/// and the writer then compares the folder name by name (``StagingWriter/verifyMirror(_:keeping:published:)``).
@Suite struct SystemFileHoldsExactlyTests {
    /// A published folder of five files, a staged folder made of links to them in the published folder's listing
    /// order (as staging links a reused payee's files), and that listing.
    static func folders() throws -> (root: String, names: [String], inodes: [UInt64]) {
        let root = try EarlyWritebackTests.folder()
        for folder in ["published", "staged"] {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        for name in ["index.html", "2026-10.md", "2026-10.csv", "2026-W44.html", "a-name-longer-than-15.html"] {
            try Data(name.utf8).write(to: URL(fileURLWithPath: root + "/published/" + name))
        }
        let listed = try #require(SystemFile.listFiles(root + "/published"))
        for file in listed { #expect(link(root + "/published/" + file.name, root + "/staged/" + file.name) == 0) }
        return (root, listed.map(\.name), listed.map(\.inode))
    }

    @Test func theSameFilesInAnyOrderMatch() throws {
        let (root, names, inodes) = try Self.folders()
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(SystemFile.holdsExactly(root + "/staged", names: names, inodes: inodes))
        #expect(SystemFile.holdsExactly(root + "/published", names: names, inodes: inodes))
        #expect(SystemFile.holdsExactly(root + "/staged", names: names.reversed(), inodes: inodes.reversed()))
        let rotated = Array(names.indices.dropFirst(2)) + [0, 1]
        #expect(
            SystemFile.holdsExactly(
                root + "/staged", names: rotated.map { names[$0] }, inodes: rotated.map { inodes[$0] }))
        try FileManager.default.createDirectory(atPath: root + "/empty", withIntermediateDirectories: false)
        #expect(SystemFile.holdsExactly(root + "/empty", names: [], inodes: []))
    }

    @Test func anyDifferenceDoesNot() throws {
        let (root, names, inodes) = try Self.folders()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let staged = root + "/staged"
        // Two names with each other's inodes, a name or an inode changed, one file fewer or more, lists of two
        // lengths.
        #expect(!SystemFile.holdsExactly(staged, names: [names[1], names[0]] + names.dropFirst(2), inodes: inodes))
        #expect(!SystemFile.holdsExactly(staged, names: ["x"] + names.dropFirst(), inodes: inodes))
        #expect(!SystemFile.holdsExactly(staged, names: names, inodes: [inodes[0] + 1_000_000] + inodes.dropFirst()))
        #expect(!SystemFile.holdsExactly(staged, names: Array(names.dropLast()), inodes: Array(inodes.dropLast())))
        #expect(!SystemFile.holdsExactly(staged, names: names + ["extra"], inodes: inodes + [1]))
        #expect(!SystemFile.holdsExactly(staged, names: names, inodes: Array(inodes.dropLast())))
        #expect(!SystemFile.holdsExactly(root + "/missing", names: [], inodes: []))
        // An extra file at the end of the staged folder.
        try Data("x".utf8).write(to: URL(fileURLWithPath: staged + "/zz-extra.html"))
        #expect(!SystemFile.holdsExactly(staged, names: names, inodes: inodes))
        try FileManager.default.removeItem(atPath: staged + "/zz-extra.html")
        #expect(SystemFile.holdsExactly(staged, names: names, inodes: inodes))
        // A file replaced by a copy of its bytes (a new inode under the same name).
        let last = staged + "/" + names[names.count - 1]
        let bytes = try Data(contentsOf: URL(fileURLWithPath: last))
        try FileManager.default.removeItem(atPath: last)
        try bytes.write(to: URL(fileURLWithPath: last))
        #expect(!SystemFile.holdsExactly(staged, names: names, inodes: inodes))
        // A folder under a listed name.
        try FileManager.default.removeItem(atPath: last)
        try FileManager.default.createDirectory(atPath: last, withIntermediateDirectories: false)
        #expect(!SystemFile.holdsExactly(staged, names: names, inodes: inodes))
    }
}
