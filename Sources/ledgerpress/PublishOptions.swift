import ArgumentParser

/// Where `build` and `merge` publish, and what they say about it.
struct PublishOptions: ParsableArguments {
    @Option(help: "Output folder; built beside it in <output>.staging and swapped in on success.")
    var output: String = "output"

    @Option(help: "Write a JSON run report here (`-` for standard output, which then carries nothing else).")
    var report: String?

    @Flag(help: "Print only errors.")
    var quiet = false
}
