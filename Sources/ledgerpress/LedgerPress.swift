import ArgumentParser

@main
struct LedgerPress: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Earnings statements from ledger exports.")
}
