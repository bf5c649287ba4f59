import ArgumentParser
import Foundation
import LedgerPressEngine

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run every import and validation of `build` and write nothing.",
        discussion:
            "Takes the same inputs and statement options as `build` (periods, ranges, zone, locale, --as-of) and checks the statements `build` would make. Prints every problem (up to --max-errors), then one summary line per file. Exits 0, 65 (bad data) or 66 (missing input)."
    )

    @OptionGroup var input: InputOptions
    @OptionGroup var shape: SiteShapeOptions

    func run() throws {
        let console = Console()
        let inputs = try console.stopping { try input.buildInputs() }
        let builder = SiteBuilder(inputs: inputs, options: BuildOptions(site: try shape.siteOptions()))
        let checked: SiteBuilder.Checked
        do {
            checked = try builder.check(message: console.error)
        } catch let stop as BuildStop {
            for line in stop.imported?.lines ?? [] { console.say(line) }
            throw console.exit(stop)
        }
        for line in checked.imported.lines { console.say(line) }
        let kinds = builder.options.site.selection.kinds.map(\.rawValue).joined(separator: ",")
        let ranges = builder.options.site.selection.ranges.map(\.label)
        console.say(
            "Checked \(checked.books.statementCount) statements for \(checked.books.payeeCount) payees from \(checked.imported.entries) entries "
                + "(periods \(kinds)\(ranges.isEmpty ? "" : "; ranges " + ranges.joined(separator: ", ")))."
        )
    }
}
