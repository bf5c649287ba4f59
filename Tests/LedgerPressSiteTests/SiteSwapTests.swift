import Foundation
import LedgerPressPublish
import Testing

@testable import LedgerPressSite

/// A failed swap says which two folders and why, in the system's words.
@Suite struct SiteSwapTests {
    @Test func aFailedSwapNamesBothFoldersAndTheErrnoText() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ledgerpress-swap-" + UUID().uuidString)
        let staging = folder.appendingPathComponent("site.staging")
        let output = folder.appendingPathComponent("site")
        #expect {
            _ = try SiteSwap.exchange(staging, output)
        } throws: { error in
            "\(error)" == "cannot swap \(staging.path) with \(output.path): No such file or directory"
        }
    }
}
