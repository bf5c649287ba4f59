import Yams

/// A mapping file's YAML as plain values for `Mapping.parse`: `[String: Any]`, `[Any]`, `String`, `Bool`,
/// and ``Plain`` for what YAML would read as a number or null, kept as written.
///
/// > Note: made from Yams' composed nodes rather than its `load`, which keeps the last of two equal keys
/// > (`entries:` twice dropped the first list) and turns `0012` into 10 and `10:30` into 630. A key given
/// > twice in one mapping is an error naming both lines; a merge key (`<<: *base`) fills in only the keys the
/// > mapping does not give itself.
struct YAMLTree {
    /// A plain scalar that YAML reads as a number (`12`, `-1`, `1.5`, `0x10`) or as null (`~`, nothing).
    struct Plain: Equatable {
        var text: String
        var isNull: Bool
    }

    var root: Any?
    /// The line of each key, by its path as messages name it (`skip_lines`, `timestamp.format`, `entries[0].kind`).
    var lines: [String: Int] = [:]
    /// The paths whose value is a quoted scalar (`"1"`: text, whatever it looks like).
    var quoted: Set<String> = []

    /// The tree of a composed document; `file` names it in failures.
    init(_ node: Node?, file: String) throws(Mapping.Failure) {
        guard let node else { return }
        root = try value(node, path: "", file: file)
    }

    private mutating func value(_ node: Node, path: String, file: String) throws(Mapping.Failure) -> Any {
        switch node {
        case .scalar(let scalar):
            if scalar.style == .singleQuoted || scalar.style == .doubleQuoted { quoted.insert(path) }
            switch Tag.Name(rawValue: node.tag.description) {
            case .bool: return node.bool ?? scalar.string
            case .int, .float: return Plain(text: scalar.string, isNull: false)
            case .null: return Plain(text: scalar.string, isNull: true)
            default: return scalar.string
            }
        case .sequence(let sequence):
            var list: [Any] = []
            for (index, item) in sequence.enumerated() {
                list.append(try value(item, path: "\(path)[\(index)]", file: file))
            }
            return list
        case .mapping(let mapping):
            var object: [String: Any] = [:]
            var first: [String: Int] = [:]
            var merged: [[String: Any]] = []
            for (key, item) in mapping {
                guard case .scalar(let name) = key else {
                    let line = (key.mark ?? mapping.mark)?.line ?? 1
                    throw Mapping.Failure(
                        file: file,
                        message: "expected a name for every key, got a list or mapping as a key at line \(line)")
                }
                let line = key.mark?.line ?? 1
                if Tag.Name(rawValue: key.tag.description) == .merge {
                    merged += try merges(item, path: path, line: line, file: file)
                    continue
                }
                if let earlier = first[name.string] {
                    throw Mapping.Failure(
                        file: file,
                        message:
                            "expected each key once in a mapping, got '\(name.string)' again (first at \(file):\(earlier))",
                        line: line)
                }
                first[name.string] = line
                let child = path.isEmpty ? name.string : path + "." + name.string
                lines[child] = line
                object[name.string] = try value(item, path: child, file: file)
            }
            // Earlier merged mappings win over later ones, and the mapping's own keys over all of them.
            for source in merged { object.merge(source) { own, _ in own } }
            return object
        }
    }

    /// The mappings a merge key brings: one mapping, or a list of them.
    private mutating func merges(_ node: Node, path: String, line: Int, file: String) throws(Mapping.Failure)
        -> [[String: Any]]
    {
        let made = try value(node, path: path, file: file)
        if let one = made as? [String: Any] { return [one] }
        if let list = made as? [[String: Any]] { return list }
        throw Mapping.Failure(file: file, message: "expected a mapping or a list of mappings after '<<'", line: line)
    }
}
