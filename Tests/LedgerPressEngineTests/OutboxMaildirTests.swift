import Foundation
import LedgerPressCore
import LedgerPressEngine
import LedgerPressRender
import LedgerPressSite
import Testing

/// The outbox's Maildir through the library (no command-line check before it): a `tmp/`, `new/` or `cur/` that is a
/// symbolic link is refused, and nothing is written through it.
@Suite struct OutboxMaildirTests {
    @Test(arguments: ["tmp", "new", "cur"])
    func aLinkedFolderIsNeverFollowed(sub: String) throws {
        let fixture = try EngineFixture()
        _ = try SiteBuilder(inputs: EngineFixture.exampleInputs(), options: EngineFixture.exampleOptions())
            .build(into: fixture.url("site"), named: "site")
        try FileManager.default.createDirectory(at: fixture.url("outbox"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: fixture.url("trap"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: fixture.url("outbox/\(sub)").path, withDestinationPath: fixture.url("trap").path)
        let recipients = [
            OutboxRecipient(payeeID: "drv_ann", name: "Ann Lee", email: "ann@example.com", consents: true)
        ]
        let outbox = StatementOutbox(
            OutboxOptions(
                folder: fixture.url("outbox"), from: try #require(MailAddress("statements@rides.example")),
                fromName: "Example Rides", kinds: [.month]))
        var refusal: String?
        do {
            _ = try outbox.deliver(
                site: fixture.url("site"), recipients: recipients,
                strings: try TemplateSet.load(defaultsDirectory: EngineFixture.templates, overrides: nil).strings,
                asOf: 1_796_169_600)  // 2026-12-02T00:00:00Z: October and November are closed
        } catch {
            refusal = "\(error)"
        }
        #expect(refusal?.contains("it is a symbolic link") == true, "\(refusal ?? "delivered")")
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.url("trap").path).isEmpty)
    }
}
