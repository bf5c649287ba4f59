import ArgumentParser
import LedgerPressEngine

struct Sample: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a deterministic, realistic sample ledger (drivers and merchants) in the native format.",
        discussion: """
            --journal-out writes the same entries as an hledger / ledger-cli journal (one transaction per \
            entry, posted to payees:<payee_id>:<kind>, balanced by platform). --late N --late-out FILE also \
            writes N more rows dated the day after the sample's last day (in each payee's time zone), for payees \
            picked at random (ids distinct from the sample's): build from both files to time a nightly rerun.
            """)

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

    @Option(
        name: .customLong("journal-out"), help: "Also write the same entries as an hledger / ledger-cli journal here.")
    var journalOut: String?

    @Option(help: "Number of late rows (a new day after the sample's last day) to write to --late-out.")
    var late: Int?

    @Option(name: .customLong("late-out"), help: "Write the --late rows here (a native CSV with its own header).")
    var lateOut: String?

    func validate() throws {
        guard entries >= 0 else { throw ValidationError("--entries: expected 0 or more, got \(entries)") }
        guard payees >= 1 else { throw ValidationError("--payees: expected 1 or more, got \(payees)") }
        if let late, late < 0 { throw ValidationError("--late: expected 0 or more, got \(late)") }
        if late != nil && lateOut == nil { throw ValidationError("--late: expected --late-out FILE as well") }
        if lateOut != nil && late == nil { throw ValidationError("--late-out: expected --late N as well") }
    }

    func run() throws {
        let request = Engine.SampleRequest(
            entries: entries, payees: payees, seed: seed, ledger: out, payeesFile: payeesOut, journal: journalOut,
            late: late.flatMap { count in lateOut.map { (count, $0) } })
        try Console().stopping { try Engine.writeSample(request) }
    }
}
