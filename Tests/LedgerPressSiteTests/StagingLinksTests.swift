import Foundation
import Testing

@testable import LedgerPressPublish

/// Unchanged files are hard-linked into staging; a long run of links is made on two threads, folder by folder.
@Suite struct StagingLinksTests {
    /// A published site of `folders` folders of `files` files each, and a staging writer next to it.
    static func site(folders: Int, files: Int) throws -> (root: String, paths: [String]) {
        let root = try EarlyWritebackTests.folder()
        var paths: [String] = []
        for folder in 0..<folders {
            try FileManager.default.createDirectory(
                atPath: root + "/site/payees/p\(folder)", withIntermediateDirectories: true)
            for file in 0..<files {
                let path = "payees/p\(folder)/\(file).md"
                try Data("\(folder)-\(file)\n".utf8).write(to: URL(fileURLWithPath: root + "/site/" + path))
                paths.append(path)
            }
        }
        return (root, paths)
    }

    static func inode(_ path: String) throws -> UInt64 {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? UInt64)
    }

    /// Short and long runs of links, in one batch with files between them: every file is in staging, the
    /// linked ones as the same inode as the published file.
    @Test(arguments: [1, 255, 256, 2_000]) func everyUnchangedFileIsLinked(_ count: Int) throws {
        let (root, paths) = try Self.site(folders: 40, files: 50)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let writer = try StagingWriter(
            staging: URL(fileURLWithPath: root + "/site.staging"), published: URL(fileURLWithPath: root + "/site"),
            appendFiles: [])
        let linked = Array(paths.prefix(count))
        writer.submit(
            [.file("payees/new/a.md", Data("a".utf8))] + linked.map { .link($0) }
                + [.file("payees/new/b.md", Data("b".utf8))])
        _ = try writer.finish()
        for path in linked {
            #expect(try Self.inode(root + "/site.staging/" + path) == Self.inode(root + "/site/" + path))
        }
        #expect(FileManager.default.contents(atPath: root + "/site.staging/payees/new/b.md") == Data("b".utf8))
        let staged = try FileManager.default.subpathsOfDirectory(atPath: root + "/site.staging/payees")
        #expect(staged.filter { $0.hasSuffix(".md") }.count == count + 2)
    }

    /// Whole folders as one operation each (a reused payee's), few or many names, beside single links and new
    /// files in one batch: each named file is linked (the published inode), the others of the folder are not.
    @Test(arguments: [1, 3, 40]) func wholeFoldersAreLinkedByName(_ folders: Int) throws {
        let (root, _) = try Self.site(folders: 40, files: 50)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let writer = try StagingWriter(
            staging: URL(fileURLWithPath: root + "/site.staging"), published: URL(fileURLWithPath: root + "/site"),
            appendFiles: [])
        // Every folder but its file 7, which a single link brings in the first folder only.
        let names = (0..<50).filter { $0 != 7 }.map { "\($0).md" }
        let wholes: [StagingWriter.Operation] = (0..<folders).map { .links("payees/p\($0)", names: names) }
        writer.submit([.file("payees/new/a.md", Data("a".utf8)), .link("payees/p0/7.md")] + wholes)
        _ = try writer.finish()
        for folder in 0..<folders {
            for name in names {
                let path = "payees/p\(folder)/\(name)"
                #expect(try Self.inode(root + "/site.staging/" + path) == Self.inode(root + "/site/" + path))
            }
        }
        #expect(FileManager.default.fileExists(atPath: root + "/site.staging/payees/p0/7.md"))
        let staged = try FileManager.default.subpathsOfDirectory(atPath: root + "/site.staging/payees")
        #expect(staged.filter { $0.hasSuffix(".md") }.count == folders * 49 + 2)
    }

    /// A folder's link that cannot be made fails the writer naming the file, alone or in a long run.
    @Test(arguments: [1, 10]) func aMissingFileOfAWholeFolderFailsTheRun(_ folders: Int) throws {
        let (root, _) = try Self.site(folders: 10, files: 50)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.removeItem(atPath: root + "/site/payees/p0/33.md")
        let writer = try StagingWriter(
            staging: URL(fileURLWithPath: root + "/site.staging"), published: URL(fileURLWithPath: root + "/site"),
            appendFiles: [])
        writer.submit((0..<folders).map { .links("payees/p\($0)", names: (0..<50).map { "\($0).md" }) })
        #expect {
            _ = try writer.finish()
        } throws: { error in
            "\(error)".contains("link the unchanged") && "\(error)".contains("payees/p0/33.md")
        }
    }

    /// A link that cannot be made, in a long run, fails the writer naming the file; nothing is left half-known.
    @Test func aMissingPublishedFileFailsTheRun() throws {
        let (root, paths) = try Self.site(folders: 10, files: 50)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.removeItem(atPath: root + "/site/" + paths[333])
        let writer = try StagingWriter(
            staging: URL(fileURLWithPath: root + "/site.staging"), published: URL(fileURLWithPath: root + "/site"),
            appendFiles: [])
        writer.submit(paths.map { .link($0) })
        #expect {
            _ = try writer.finish()
        } throws: { error in
            "\(error)".contains("link the unchanged") && "\(error)".contains(paths[333])
        }
    }
}
