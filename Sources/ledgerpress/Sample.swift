import ArgumentParser
import Foundation
import LedgerPressSample

struct Sample: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a deterministic, realistic sample ledger (drivers and merchants) in the native format.")

    @Option(help: "Number of ledger rows to generate.")
    var entries: Int

    @Option(help: "Number of payees.")
    var payees: Int

    @Option(help: "Seed: the same seed gives the same bytes.")
    var seed: UInt64 = 1

    @Option(help: "Write the ledger here instead of standard output.")
    var out: String?

    @Option(name: .customLong("payees-out"), help: "Also write a matching payees file here.")
    var payeesOut: String?

    func validate() throws {
        guard entries >= 0 else { throw ValidationError("--entries: expected 0 or more, got \(entries)") }
        guard payees >= 1 else { throw ValidationError("--payees: expected 1 or more, got \(payees)") }
    }

    func run() throws {
        let options = SampleOptions(entries: entries, payees: payees, seed: seed)
        let ledger = SampleGenerator.ledgerCSV(options)
        if let out {
            guard FileManager.default.createFile(atPath: out, contents: Data(ledger.utf8)) else {
                FileHandle.standardError.write(Data("\(out): error: cannot create the file\n".utf8))
                throw Exit.cannotCreate
            }
        } else {
            FileHandle.standardOutput.write(Data(ledger.utf8))
        }
        if let payeesOut {
            guard FileManager.default.createFile(atPath: payeesOut, contents: Data(SampleGenerator.payeesCSV(options).utf8)) else {
                FileHandle.standardError.write(Data("\(payeesOut): error: cannot create the file\n".utf8))
                throw Exit.cannotCreate
            }
        }
    }
}
