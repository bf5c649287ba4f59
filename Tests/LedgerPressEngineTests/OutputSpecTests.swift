import Testing

@testable import LedgerPressEngine
@testable import LedgerPressSite

/// Every field of a build's options is either recorded by a declared output option (`OutputOption.all`, the
/// manifest's options) or listed, with why, as one that is not: a new field fails here until it is one or the other.
@Suite struct OutputSpecTests {
    @Test func everyBuildOptionIsADeclaredOutputOptionOrSaysWhyNot() {
        let fields = Set(Mirror(reflecting: BuildOptions()).children.compactMap(\.label))
        let recorded = Set(
            OutputOption.all.flatMap(\.fields).filter { $0.hasPrefix("BuildOptions.") }.map {
                String($0.dropFirst("BuildOptions.".count))
            })
        let excused = BuildOptions.outsideTheManifestsOptions
        let undeclared = fields.subtracting(recorded).subtracting(excused.keys)
        #expect(undeclared.isEmpty, "BuildOptions fields neither declared nor excused: \(undeclared.sorted())")
        let stale = recorded.union(excused.keys).subtracting(fields)
        #expect(stale.isEmpty, "declared but not fields of BuildOptions: \(stale.sorted())")
        let both = recorded.intersection(excused.keys)
        #expect(both.isEmpty, "both declared and excused: \(both.sorted())")
        for (field, reason) in excused { #expect(!reason.isEmpty, "\(field): no reason") }
    }

    /// What the CLI's help says of each flag that changes output comes from the declarations, through the engine.
    @Test func theEngineHandsOnEveryDeclaredFlagsHelpLine() {
        let declared = OutputOption.all.flatMap(\.flags)
        #expect(OutputSpec.flags == Set(declared.map(\.name)).sorted())
        for flag in declared { #expect(OutputSpec.help(for: flag.name) == flag.help, "\(flag.name)") }
        #expect(OutputSpec.flags.contains("--periods") && OutputSpec.flags.contains("--link-secret"))
    }
}
