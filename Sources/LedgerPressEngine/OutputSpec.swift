import LedgerPressSite

/// The options that change output, as the site declares them once (`OutputOption.all`): what the CLI's `--help`
/// says of each flag that sets one, so that the help, the manifest's options, merge's check and the payees' keys
/// come from one table.
public enum OutputSpec {
    /// The flags (`--periods`) and environment variables (`SOURCE_DATE_EPOCH`) that change output, sorted.
    public static var flags: [String] { OutputFlags.helpLines.keys.sorted() }

    /// The help line of `flag`, as its declaration gives it; a flag no output option declares is a bug (the CLI
    /// asks only for declared ones, and `HelpTests` shows each one's line in `build --help`).
    public static func help(for flag: String) -> String {
        guard let line = OutputFlags.helpLines[flag] else {
            preconditionFailure("no output option declares \(flag)")
        }
        return line
    }
}
