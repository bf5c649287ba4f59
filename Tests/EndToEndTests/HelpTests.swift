import Foundation
import Testing

/// Asking for help is not a failure: it prints the help on standard output and exits 0.
@Suite struct HelpTests {
    @Test(arguments: [
        ["--help"], ["build", "--help"], ["help", "build"], ["merge", "--help"], ["verify", "--help"], [],
    ])
    func helpExitsZeroWithTheOverview(_ arguments: [String]) throws {
        let cli = try CLIRunner()
        let outcome = try cli.run(arguments)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.hasPrefix("OVERVIEW: "))
        #expect(!outcome.stderr.contains("internal error"))
    }
}
