import Foundation
import LedgerPressCore
import LedgerPressEngine
import LedgerPressStore
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A ledger spill file that fails mid-build (issue 48, item 6): the build stops with 74 naming the file and what
/// failed, and the site published before is left as it was; never a crash.
@Suite struct SpillFailureTests {
    /// Every record but the newest chunk of two goes to a spill file in `folder`.
    static func inputs(spillingInto folder: String) -> BuildInputs {
        var inputs = EngineFixture.exampleInputs()
        inputs.spill = LedgerSpill(memoryBudget: 0, chunkRecords: 2, folder: folder)
        return inputs
    }

    /// Points every open spill file made in `folder` at `/dev/null` opened write-only: reading one back fails.
    static func breakSpillFiles(in folder: String) -> Int {
        var broken = 0
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for name in fds {
            guard let fd = Int32(name),
                let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(name)"),
                target.hasPrefix(folder + "/ledgerpress-spill-")
            else { continue }
            let null = open("/dev/null", O_WRONLY)
            guard null >= 0 else { continue }
            if dup2(null, fd) == fd { broken += 1 }
            close(null)
        }
        return broken
    }

    @Test func aSpillFileThatCannotBeReadBackStopsTheBuildWith74AndPublishesNothing() throws {
        let fixture = try EngineFixture()
        let folder = fixture.url("spill").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let options = EngineFixture.exampleOptions()
        _ = try SiteBuilder(inputs: Self.inputs(spillingInto: folder), options: options)
            .build(into: fixture.url("site"), named: "site")
        let before = fixture.tree("site")
        // The same build, with the spill file broken once the import is over (the payees are read from it next).
        var broken = 0
        let stop = #expect(throws: BuildStop.self) {
            _ = try SiteBuilder(inputs: Self.inputs(spillingInto: folder), options: options)
                .build(
                    into: fixture.url("site"), named: "site",
                    stage: { name, _ in if name == "import" { broken += Self.breakSpillFiles(in: folder) } })
        }
        #expect(broken > 0)
        #expect(stop?.reason == .ioError)
        let message = stop?.lines.joined(separator: "\n") ?? ""
        #expect(message.hasPrefix(folder + "/ledgerpress-spill-"), "\(message)")
        #expect(message.contains(": error: cannot read the ledger's spill file: Bad file descriptor"), "\(message)")
        #expect(message.hasSuffix("nothing was published, the previous output was left as it was"), "\(message)")
        #expect(fixture.tree("site") == before)
    }
}
