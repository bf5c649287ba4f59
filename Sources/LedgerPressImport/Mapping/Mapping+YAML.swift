import Yams

extension Mapping {
    /// The YAML text as plain values (`[String: Any]`, `[Any]`, scalars), or a failure naming the file.
    ///
    /// > Note: Yams 5's `load` force-unwraps every mapping key as text and traps on a list or mapping
    /// > used as a key (`? [a]`, `{[a]: b}`); the text is composed first and such a key is refused here.
    static func loadYAML(_ text: String, file: String) throws(Failure) -> Any? {
        do {
            guard let node = try Yams.compose(yaml: text) else { return nil }
            if let line = firstComplexKey(in: node) {
                throw Failure(
                    file: file, message: "expected a name for every key, got a list or mapping as a key at line \(line)"
                )
            }
            return try Yams.load(yaml: text)
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(file: file, message: "expected valid YAML, got \(error)")
        }
    }

    /// The line of the first mapping key that is not a scalar (the key's own, else its mapping's).
    static func firstComplexKey(in node: Node) -> Int? {
        switch node {
        case .scalar: return nil
        case .sequence(let sequence):
            for item in sequence { if let line = firstComplexKey(in: item) { return line } }
            return nil
        case .mapping(let mapping):
            for (key, value) in mapping {
                guard case .scalar = key else { return (key.mark ?? mapping.mark)?.line ?? 1 }
                if let line = firstComplexKey(in: value) { return line }
            }
            return nil
        }
    }
}
