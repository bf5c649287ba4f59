import Foundation
import LedgerPressCore
import LedgerPressCrypto
import LedgerPressEngine
import LedgerPressRender
import LedgerPressSite
import Testing

/// The outbox through the library: it leaves the site as it would be without it, and attaches the PDF that a
/// `--pdf` build puts beside a statement (here a stand-in file: the PDF renderer is another piece of work).
@Suite struct OutboxDocumentTests {
    static func outbox(_ folder: URL, kinds: Set<PeriodKind> = [.month]) throws -> OutboxOptions {
        OutboxOptions(
            folder: folder, from: try #require(MailAddress("statements@rides.example")), fromName: "Example Rides",
            kinds: kinds)
    }

    @Test func theSiteIsTheSameWithOrWithoutTheOutbox() throws {
        let fixture = try EngineFixture()
        _ = try SiteBuilder(inputs: EngineFixture.exampleInputs(), options: EngineFixture.exampleOptions())
            .build(into: fixture.url("plain"), named: "plain")
        let outbox = try Self.outbox(fixture.url("outbox"))
        let built = try SiteBuilder(
            inputs: EngineFixture.exampleInputs(), options: EngineFixture.exampleOptions { $0.outbox = outbox }
        ).build(into: fixture.url("mailed"), named: "mailed")
        #expect(fixture.tree("plain") == fixture.tree("mailed"))
        let report = try #require(built.outbox)
        // Every file is a message in new/, but the outbox's record of what it wrote (one line per message).
        let files = fixture.tree("outbox")
        #expect(report.written > 0 && report.written == files.keys.filter { $0.hasPrefix("new/") }.count)
        #expect(files.count == report.written + 1)
        let record = String(decoding: try #require(files[".ledgerpress-mailed"]), as: UTF8.self)
        #expect(record.split(separator: "\n").count == report.written + 1)
        #expect(report.notDelivered == 0)
    }

    @Test func aPDFBesideTheStatementIsAttached() throws {
        let fixture = try EngineFixture()
        _ = try SiteBuilder(inputs: EngineFixture.exampleInputs(), options: EngineFixture.exampleOptions())
            .build(into: fixture.url("site"), named: "site")
        let pdf =
            Data("%PDF-1.7\n% a stand-in for drv_ann's October statement\n%%EOF\n".utf8)
            + Data((0...255).map { UInt8($0) })
        try pdf.write(to: fixture.url("site/payees/drv_ann/2026-10.pdf"))
        let recipients = [
            OutboxRecipient(payeeID: "drv_ann", name: "Ann Lee", email: "ann@example.com", consents: true),
            OutboxRecipient(payeeID: "drv_jose", name: "José Müller", email: "jose@example.com", consents: true),
        ]
        let report = try StatementOutbox(try Self.outbox(fixture.url("outbox"))).deliver(
            site: fixture.url("site"), recipients: recipients,
            strings: try TemplateSet.load(defaultsDirectory: EngineFixture.templates, overrides: nil).strings,
            asOf: 1_796_169_600)  // 2026-12-02T00:00:00Z: October and November are closed
        let names = try FileManager.default.contentsOfDirectory(atPath: fixture.url("outbox/new").path).sorted()
        #expect(report.written == names.count && names.count >= 2)
        let script = EngineFixture.repository.appendingPathComponent("Tests/EndToEndTests/Fixtures/check_mail.py").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script] + names.map { fixture.url("outbox/new/" + $0).path }
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let parsed = try #require(try JSONSerialization.jsonObject(with: output) as? [[String: Any]])
        var attached = 0
        for message in parsed {
            let attachments = message["attachments"] as? [[String: Any]] ?? []
            let subject = message["subject"] as? String ?? ""
            #expect((message["defects"] as? [String]) == [])
            if message["to"] as? [String] == ["ann@example.com"] && subject.hasSuffix("statement 2026-10") {
                #expect(attachments.count == 1)
                #expect(attachments.first?["filename"] as? String == "2026-10.pdf")
                #expect(attachments.first?["type"] as? String == "application/pdf")
                #expect(attachments.first?["size"] as? Int == pdf.count)
                let digest = SHA256.hash(data: pdf).map { String(format: "%02x", $0) }.joined()
                #expect(attachments.first?["sha256"] as? String == digest)
                #expect(
                    (message["parts"] as? [String]) == [
                        "multipart/mixed", "multipart/alternative", "text/plain", "text/html", "application/pdf",
                    ])
                attached += 1
            } else {
                #expect(attachments.isEmpty, "\(subject)")
            }
        }
        #expect(attached == 1)
    }
}
