import Foundation
import LedgerPressSite
import Synchronization
import Testing

@testable import LedgerPressPublish

/// The spare's catch-up (``SpareSite/adopt(as:)``) on several threads: every differing path brought to the output's
/// file, folders before files, and a failure anywhere fails the whole catch-up.
@Suite struct SpareCatchUpTests {
    @Test func everyDifferenceOnceFoldersFirst() {
        let differences: [SpareSite.Difference] =
            (0..<10_000).map { .file("payees/p\($0 % 97)/\($0).html") } + (0..<5).map { .folder("payees/gone\($0)") }
        let seen = Mutex<[SpareSite.Difference]>([])
        let ok = SpareSite.each(differences, threads: 4) { difference in
            seen.withLock { $0.append(difference) }
            return true
        }
        #expect(ok)
        let order = seen.withLock { $0 }
        #expect(order.count == differences.count)
        #expect(Set(order) == Set(differences))
        #expect(order.prefix(5).allSatisfy { if case .folder = $0 { true } else { false } })
    }

    @Test func oneFailureFailsTheCatchUp() {
        let differences: [SpareSite.Difference] = (0..<10_000).map { .file("payees/p/\($0).html") }
        #expect(!SpareSite.each(differences, threads: 4) { $0 != .file("payees/p/7777.html") })
        #expect(!SpareSite.each(differences + [.folder("payees/x")], threads: 4) { $0 != .folder("payees/x") })
        #expect(SpareSite.each([], threads: 4) { _ in false })
    }

    /// A spare whose 6,000 files all differ from the output's (copies: other inodes), adopted with four threads: the
    /// staging folder then holds the output's files (the same inodes) everywhere.
    @Test func aSpareWithManyDifferencesIsBroughtUpToDate() throws {
        let root = try EarlyWritebackTests.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (output, old) = (root + "/site", root + "/old")
        var paths: [String] = []
        for folder in 0..<60 {
            for tree in [output, old] {
                try FileManager.default.createDirectory(
                    atPath: tree + "/payees/p\(folder)", withIntermediateDirectories: true)
            }
            for file in 0..<100 {
                let path = "payees/p\(folder)/\(file).md"
                try Data("\(folder)-\(file)\n".utf8).write(to: URL(fileURLWithPath: output + "/" + path))
                try Data("old \(folder)-\(file)\n".utf8).write(to: URL(fileURLWithPath: old + "/" + path))
                paths.append(path)
            }
        }
        // A folder the output no longer has, and a file in a folder the old site lacks.
        try FileManager.default.createDirectory(atPath: old + "/payees/gone", withIntermediateDirectories: true)
        try Data("gone".utf8).write(to: URL(fileURLWithPath: old + "/payees/gone/index.html"))
        try FileManager.default.createDirectory(atPath: output + "/payees/new", withIntermediateDirectories: true)
        try Data("new".utf8).write(to: URL(fileURLWithPath: output + "/payees/new/index.html"))
        paths.append("payees/new/index.html")
        try Data("{}".utf8).write(to: URL(fileURLWithPath: output + "/manifest.json"))
        let spare = SpareSite(
            path: root + "/.site.spare", output: output, threads: 4, rewritten: ["manifest.json"],
            isSitePath: { (try? SitePath.checkForm($0)) != nil })
        spare.keep(oldSite: old, differences: paths.map { .file($0) } + [.folder("payees/gone")])
        #expect(FileManager.default.fileExists(atPath: spare.path + "/" + SpareSite.markerName))
        #expect(spare.adopt(as: root + "/staging"))
        for path in paths {
            #expect(
                try StagingLinksTests.inode(root + "/staging/" + path) == StagingLinksTests.inode(output + "/" + path))
        }
        #expect(!FileManager.default.fileExists(atPath: root + "/staging/payees/gone"))
    }
}
