import Foundation
import LedgerPressEngine
import LedgerPressImport
import LedgerPressSample
import LedgerPressSite
import Testing

@testable import LedgerPressImport

/// A build takes what the last build read from the import checkpoint beside the output (`.<output>.ledger`), and reads
/// only the rows appended since: every night's site, reject file, input lines and counts are byte for byte those of a
/// build that reads every input again (`importCheckpoint = false`). A checkpoint that does not fit the inputs (an
/// input changed, shortened, renamed, one that did not end where a record ended) or is damaged is not used, and a
/// failed build leaves the last one as it was.
@Suite struct ImportCheckpointTests {
    static let sample = SampleOptions(entries: 1_200, payees: 16, seed: 31)
    let fixture: EngineFixture

    init() throws { fixture = try EngineFixture() }

    /// Rows that test the seam: a bad amount (rejected by the importer), a repeat of an earlier row (merged: "already
    /// read"), a repeat with another amount (rejected by the ledger, naming the first row's line), a description over
    /// two lines, an id longer than the 30 bytes an entry holds inline (then repeated), a payout's status moving on.
    static func edgeRows(_ tag: String, repeating earlier: String) -> String {
        let fields = earlier.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        var changed = fields
        changed[6] = "999.99"
        let long = "a-very-long-id-that-does-not-fit-inline-\(tag)"
        // Each handwritten row ends with the sample's issue-50 columns (payout_arrival, distance, distance_unit).
        return [
            "bad_\(tag),2026-11-20T10:00:00Z,drv_0001,driver,,earning,abc,USD,,,,,,,",
            earlier,
            changed.joined(separator: ","),
            "two_lines_\(tag),2026-11-20T11:00:00Z,drv_0002,driver,,tip,1.50,USD,job_\(tag),\"first line\nsecond line\",,,,,",
            "\(long),2026-11-20T12:00:00Z,drv_0003,driver,,earning,12.00,USD,job_\(tag),,,,,,",
            "\(long),2026-11-20T12:00:00Z,drv_0003,driver,,earning,12.00,USD,job_\(tag),now described,,,,,",
            "po_\(tag),2026-11-20T13:00:00Z,drv_0004,driver,,payout,-5.00,USD,,,po_\(tag),pending,,,",
            "po_\(tag),2026-11-20T13:00:00Z,drv_0004,driver,,payout,-5.00,USD,,,po_\(tag),paid,,,",
        ].joined(separator: "\n") + "\n"
    }

    /// A CSV text's records (a quoted description may hold line ends), without their line ends.
    static func records(_ text: String) -> [String] {
        let bytes = Array(text.utf8)
        var scanner = RecordBoundaries(line: 1)
        var records: [String] = []
        var start = 0
        while start < bytes.count {
            let found = bytes.withUnsafeBufferPointer { scanner.scan(UnsafeBufferPointer(rebasing: $0[start...])) }
            let end = found.map { start + $0.offset } ?? bytes.count
            records.append(String(decoding: bytes[start..<end].dropLast(bytes[end - 1] == 10 ? 1 : 0), as: UTF8.self))
            start = end
        }
        return records
    }

    /// The sample's data rows (no header), and its late rows (no header).
    static let rows = Array(records(SampleGenerator.ledgerCSV(sample)).dropFirst())
    static let header = records(SampleGenerator.ledgerCSV(sample))[0]
    static let lateRows = Array(records(SampleGenerator.lateLedgerCSV(sample, count: 40)).dropFirst())

    /// The first row at or after `index` with no quoted field (its fields split at commas).
    static func plainRow(_ index: Int) -> String { rows[index...].first { !$0.contains("\"") } ?? rows[index] }

    func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: fixture.url(name))
    }

    func append(_ name: String, _ text: String) throws {
        let handle = try FileHandle(forWritingTo: fixture.url(name))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
    }

    /// One night: the same inputs built into `site` (with its checkpoint) and into `control` (every input read);
    /// returns the site's build, after checking both agree.
    @discardableResult
    func night(
        _ inputs: [String], chunkBytes: Int = 700, asOf: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> SiteBuilder.Built {
        var built: [SiteBuilder.Built] = []
        for output in ["site", "control"] {
            var options = BuildOptions(defaultTemplates: EngineFixture.templates, workers: 2)
            options.site.issuer = "Sample Rides"
            options.site.asOf = asOf
            options.importCheckpoint = output == "site"
            options.importChunkBytes = output == "site" ? chunkBytes : NativeLedgerImporter.chunkBytes
            options.rejectFile = fixture.url(output + "-rejected.csv").path
            let sources = inputs.map { FileSource(path: fixture.url($0).path) as any LedgerSource }
            let build = BuildInputs(
                sources: sources, payees: FileSource(path: fixture.url("payees.csv").path))
            built.append(
                try SiteBuilder(inputs: build, options: options).build(into: fixture.url(output), named: output))
        }
        #expect(fixture.tree("site") == fixture.tree("control"), "the site", sourceLocation: sourceLocation)
        #expect(
            try Data(contentsOf: fixture.url("site-rejected.csv"))
                == Data(contentsOf: fixture.url("control-rejected.csv")),
            "the reject file", sourceLocation: sourceLocation)
        #expect(built[0].imported.lines == built[1].imported.lines, sourceLocation: sourceLocation)
        #expect(
            built[0].imported.inputs.map(\.count) == built[1].imported.inputs.map(\.count),
            sourceLocation: sourceLocation)
        #expect(
            built[0].imported.inputs.map(\.summary) == built[1].imported.inputs.map(\.summary),
            sourceLocation: sourceLocation)
        #expect(built[1].imported.checkpoint.inputsTaken == 0, sourceLocation: sourceLocation)
        #expect(!FileManager.default.fileExists(atPath: checkpoint("control")), sourceLocation: sourceLocation)
        #expect(!FileManager.default.fileExists(atPath: checkpoint("site") + ".new"), sourceLocation: sourceLocation)
        return built[0]
    }

    func checkpoint(_ output: String) -> String { fixture.url("." + output + ".ledger").path }

    func start(rows count: Int = 900) throws {
        try write("payees.csv", SampleGenerator.payeesCSV(Self.sample))
        try write("ledger.csv", ([Self.header] + Self.rows.prefix(count)).joined(separator: "\n") + "\n")
    }

    @Test func rowsAppendedSinceAreReadFromWhereTheLastBuildStopped() throws {
        try start()
        try append("ledger.csv", Self.edgeRows("first", repeating: Self.plainRow(5)))
        let first = try night(["ledger.csv"])
        #expect(first.imported.checkpoint.inputsTaken == 0)
        #expect(FileManager.default.fileExists(atPath: checkpoint("site")))
        #expect(first.imported.rowsRejected == 2)

        // Rows appended: the rest of the sample, edge rows repeating rows of both the first night and this one.
        let lines = try String(contentsOf: fixture.url("ledger.csv"), encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false
        ).count
        try append(
            "ledger.csv",
            Self.rows.dropFirst(900).joined(separator: "\n") + "\n"
                + Self.edgeRows("second", repeating: Self.plainRow(950))
                + Self.edgeRows("third", repeating: Self.plainRow(7)))
        let second = try night(["ledger.csv"])
        #expect(second.imported.checkpoint.inputsTaken == 1)
        #expect(second.imported.entriesDigestsTaken > 0, "payees no appended row touched")
        #expect(second.imported.entriesDigestsTaken < second.imported.payees, "payees the appended rows touched")
        #expect(second.imported.checkpoint.readOn?.name == fixture.url("ledger.csv").path)
        #expect(second.imported.checkpoint.readOn?.line == lines)
        #expect(second.imported.rowsRejected == 6)

        // Nothing changed: the input is taken whole, nothing is read, and the checkpoint is left as it was.
        let before = try FileManager.default.attributesOfItem(atPath: checkpoint("site"))
        let third = try night(["ledger.csv"])
        #expect(third.imported.checkpoint.inputsTaken == 1)
        #expect(third.imported.checkpoint.readOn == nil)
        #expect(third.imported.entriesDigestsTaken == third.imported.payees, "no payee was touched")
        let after = try FileManager.default.attributesOfItem(atPath: checkpoint("site"))
        #expect(before[.systemFileNumber] as? Int == after[.systemFileNumber] as? Int)
        #expect(before[.modificationDate] as? Date == after[.modificationDate] as? Date)

        // A row that only merges into an earlier one (a description set): its payee's entries changed, nothing else.
        let merged = Self.plainRow(400).split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        var described = merged
        described[9] = "described later"
        try append("ledger.csv", described.joined(separator: ",") + "\n")
        let merging = try night(["ledger.csv"])
        #expect(merging.imported.entriesDigestsTaken == merging.imported.payees - 1, "only \(merged[2]) was touched")

        // An `--as-of` after every entry (a nightly job's start time) cuts nothing: the run reads the entries a run
        // without it reads, and takes the entries digests; so does the next night's, another time after every entry.
        let asOf = try night(["ledger.csv"], asOf: "2026-11-30T00:00:00Z")
        #expect(asOf.imported.checkpoint.inputsTaken == 1)
        #expect(asOf.imported.entriesDigestsTaken == asOf.imported.payees)
        let nextNight = try night(["ledger.csv"], asOf: "2026-12-01T02:15:00Z")
        #expect(nextNight.imported.entriesDigestsTaken == nextNight.imported.payees)
        // An `--as-of` that cuts entries off: no payee's entries are those the checkpoint's build planned.
        let cutting = try night(["ledger.csv"], asOf: "2026-11-08T00:00:00Z")
        #expect(cutting.imported.checkpoint.inputsTaken == 1)
        #expect(cutting.imported.entriesDigestsTaken == 0)

        // Read on in one chunk as well as in many.
        try append("ledger.csv", Self.lateRows.joined(separator: "\n") + "\n")
        let fourth = try night(["ledger.csv"], chunkBytes: NativeLedgerImporter.chunkBytes)
        #expect(fourth.imported.checkpoint.readOn != nil)
    }

    @Test func anInputAddedAfterTheCheckpointsInputsIsReadWhole() throws {
        try start()
        try night(["ledger.csv"])
        try write("late.csv", ([Self.header] + Self.lateRows).joined(separator: "\n") + "\n")
        let late = try night(["ledger.csv", "late.csv"])
        #expect(late.imported.checkpoint.inputsTaken == 1)
        #expect(late.imported.checkpoint.readOn == nil)
        // Both are kept now: the next night takes both, and reads on in the last.
        try append("late.csv", Self.edgeRows("late", repeating: Self.plainRow(3)))
        let next = try night(["ledger.csv", "late.csv"])
        #expect(next.imported.checkpoint.inputsTaken == 2)
        #expect(next.imported.checkpoint.readOn?.name == fixture.url("late.csv").path)
    }

    @Test func anInputThatChangedShrankOrMovedIsReadAgain() throws {
        try start()
        try write("late.csv", ([Self.header] + Self.lateRows).joined(separator: "\n") + "\n")
        try night(["ledger.csv", "late.csv"])

        // One byte changed in the middle, the size the same.
        var bytes = Array(try Data(contentsOf: fixture.url("ledger.csv")))
        let comma = try #require(bytes.indices.dropFirst(bytes.count / 2).first { bytes[$0] == UInt8(ascii: "5") })
        bytes[comma] = UInt8(ascii: "6")
        try Data(bytes).write(to: fixture.url("ledger.csv"))
        #expect(try night(["ledger.csv", "late.csv"]).imported.checkpoint.inputsTaken == 0)

        // Shortened by its last row.
        try start(rows: 899)
        #expect(try night(["ledger.csv", "late.csv"]).imported.checkpoint.inputsTaken == 0)

        // An earlier input grew: its rows would come after the later input's.
        try append("ledger.csv", Self.rows[899] + "\n")
        #expect(try night(["ledger.csv", "late.csv"]).imported.checkpoint.inputsTaken == 0)

        // The inputs in another order.
        #expect(try night(["late.csv", "ledger.csv"]).imported.checkpoint.inputsTaken == 0)

        // The payees file changed (each payee's type can come from it): the key differs.
        try night(["ledger.csv"])
        try append("payees.csv", "drv_9999,driver,New Driver,,UTC,en\n")
        #expect(try night(["ledger.csv"]).imported.checkpoint.inputsTaken == 0)
        #expect(try night(["ledger.csv"]).imported.checkpoint.inputsTaken == 1)
    }

    @Test func anInputThatDidNotEndWhereARecordEndsIsReadAgain() throws {
        try start()
        // The last row has no line end: what is appended goes on with it.
        let text = try String(contentsOf: fixture.url("ledger.csv"), encoding: .utf8)
        try write("ledger.csv", String(text.dropLast()))
        try night(["ledger.csv"])
        try append("ledger.csv", "-more\n" + Self.lateRows.joined(separator: "\n") + "\n")
        #expect(try night(["ledger.csv"]).imported.checkpoint.inputsTaken == 0)

        // Inside a quoted field: a line end there is not a record's end.
        try write(
            "ledger.csv", text + "open_quote,2026-11-20T11:00:00Z,drv_0002,driver,,tip,1.50,USD,job,\"first line\n")
        try night(["ledger.csv"])
        try append("ledger.csv", "second line\",,\n" + Self.lateRows.joined(separator: "\n") + "\n")
        #expect(try night(["ledger.csv"]).imported.checkpoint.inputsTaken == 0)
    }

    @Test func aDamagedCheckpointIsNotUsed() throws {
        try start()
        try night(["ledger.csv"])
        let good = Array(try Data(contentsOf: URL(fileURLWithPath: checkpoint("site"))))
        // A byte flipped in the records, in the texts, in the closing digest; the file cut short; nothing but the start.
        for damage in [good.count - 200, good.count / 2, good.count - 1, -1, -2] {
            var bytes = good
            switch damage {
            case -1: bytes = Array(good.dropLast(100))
            case -2: bytes = Array(good.prefix(40))
            default: bytes[damage] ^= 0x01
            }
            try Data(bytes).write(to: URL(fileURLWithPath: checkpoint("site")))
            // A row appended, so that a checkpoint taken would be read on from.
            try append("ledger.csv", Self.lateRows[(damage + 10) % Self.lateRows.count] + "\n")
            let built = try night(["ledger.csv"])
            #expect(built.imported.checkpoint.inputsTaken == 0, "damage at \(damage)")
            // The damaged one was replaced: the next night takes it.
            #expect(try night(["ledger.csv"]).imported.checkpoint.inputsTaken == 1, "after damage at \(damage)")
        }
    }

    @Test func aCheckpointOthersMayWriteIsNotRead() throws {
        try start()
        try night(["ledger.csv"])
        #expect(
            try FileManager.default.attributesOfItem(atPath: checkpoint("site"))[.posixPermissions] as? Int == 0o600)
        try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: checkpoint("site"))
        try append("ledger.csv", Self.lateRows[0] + "\n")
        #expect(try night(["ledger.csv"]).imported.checkpoint.inputsTaken == 0)
        // A link in its place is not followed.
        try FileManager.default.moveItem(atPath: checkpoint("site"), toPath: fixture.url("elsewhere.ledger").path)
        try FileManager.default.createSymbolicLink(
            atPath: checkpoint("site"), withDestinationPath: fixture.url("elsewhere.ledger").path)
        try append("ledger.csv", Self.lateRows[1] + "\n")
        #expect(try night(["ledger.csv"]).imported.checkpoint.inputsTaken == 0)
        #expect(try night(["ledger.csv"]).imported.checkpoint.inputsTaken == 1, "the link was replaced by a checkpoint")
    }

    @Test func aBuildThatFailsLeavesTheLastCheckpoint() throws {
        try start()
        try night(["ledger.csv"])
        let before = try Data(contentsOf: URL(fileURLWithPath: checkpoint("site")))
        try append("ledger.csv", "bad,2026-11-20T10:00:00Z,drv_0001,driver,,earning,abc,USD,,,,\n")
        var options = BuildOptions(defaultTemplates: EngineFixture.templates, workers: 2)
        options.site.issuer = "Sample Rides"
        let inputs = BuildInputs(
            sources: [FileSource(path: fixture.url("ledger.csv").path)],
            payees: FileSource(path: fixture.url("payees.csv").path))
        #expect(throws: BuildStop.self) {
            try SiteBuilder(inputs: inputs, options: options).build(into: fixture.url("site"), named: "site")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: checkpoint("site"))) == before)
        #expect(!FileManager.default.fileExists(atPath: checkpoint("site") + ".new"))
    }

    @Test func aBuildWhoseInputsNoCheckpointKeepsRemovesIt() throws {
        try start()
        try night(["ledger.csv"])
        #expect(FileManager.default.fileExists(atPath: checkpoint("site")))
        var options = BuildOptions(defaultTemplates: EngineFixture.templates, workers: 2)
        options.site.issuer = "Sample Rides"
        let ledger = try String(contentsOf: fixture.url("ledger.csv"), encoding: .utf8)
        let inputs = BuildInputs(
            sources: [MemorySource(name: "ledger.csv", text: ledger)],
            payees: FileSource(path: fixture.url("payees.csv").path))
        let built = try SiteBuilder(inputs: inputs, options: options).build(into: fixture.url("site"), named: "site")
        #expect(built.imported.checkpoint.inputsTaken == 0)
        #expect(!FileManager.default.fileExists(atPath: checkpoint("site")))
    }
}
