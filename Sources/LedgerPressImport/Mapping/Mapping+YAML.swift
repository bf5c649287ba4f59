import Yams

extension Mapping {
    /// The YAML text as plain values (``YAMLTree``), or a failure naming the file (and line).
    ///
    /// The text is checked against ``YAMLLimits`` first (size, then nesting and aliases on libyaml's events),
    /// so Yams never composes a document that would overflow its recursion or expand without bound.
    ///
    /// > Note: Yams 5's `load` force-unwraps every mapping key as text and traps on a list or mapping
    /// > used as a key (`? [a]`, `{[a]: b}`); the tree is made from the composed nodes, refusing such a key.
    static func loadYAML(_ text: String, file: String) throws(Failure) -> YAMLTree {
        let size = text.utf8.count
        guard size <= YAMLLimits.bytes else {
            throw Failure(
                file: file, message: "expected a file of at most \(YAMLLimits.bytes) bytes, got \(size) bytes")
        }
        if let problem = YAMLEventScan.problem(in: text) {
            throw Failure(file: file, message: problem.message, line: problem.line)
        }
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch {
            throw Failure(file: file, message: "expected valid YAML, got \(error)")
        }
        return try YAMLTree(node, file: file)
    }
}
