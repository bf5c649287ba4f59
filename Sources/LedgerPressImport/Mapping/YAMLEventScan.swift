import CYaml

/// How much YAML a mapping file may hold: its size, how deep lists and mappings nest, and how many values
/// it has once every alias is expanded.
///
/// > Note: the shipped mappings are at most 3.0 KB, nest 6 deep and hold at most 168 values; the limits are
/// > hundreds of times that. Yams composes recursively (5,000 nested `[` overflowed the stack) and its
/// > `load` copies an alias's value at each use ("billion laughs": 642 bytes took 2 s and 495 MB).
enum YAMLLimits {
    static let bytes = 1 << 20
    static let depth = 64
    static let values = 100_000
}

/// Walks libyaml's events over a mapping file's text before Yams composes it: nesting depth and expanded
/// value count are checked on the events, so the check itself neither recurses nor expands an alias.
/// One Swift file per C library: this is the only `import CYaml`.
enum YAMLEventScan {
    /// The first limit the text passes, as its 1-based line and the message's text; nil when it keeps them all
    /// (a syntax error stops the walk: Yams reports it).
    static func problem(in text: String) -> (line: Int, message: String)? {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { return nil }
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return nil }
        defer { yaml_parser_delete(&parser) }
        return bytes.withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var walk = Walk()
            var event = yaml_event_t()
            while yaml_parser_parse(&parser, &event) == 1 {
                let found = walk.take(event)
                let end = event.type == YAML_STREAM_END_EVENT
                yaml_event_delete(&event)
                if found != nil || end { return found }
            }
            return nil
        }
    }

    /// The running count of values (aliases counted as the values they stand for) and the open collections.
    struct Walk {
        var total = 0
        /// Each open list or mapping: the count before it began, and its anchor.
        var open: [(before: Int, anchor: String?)] = []
        /// Each anchor's value count (an alias adds that many).
        var anchors: [String: Int] = [:]

        mutating func take(_ event: yaml_event_t) -> (line: Int, message: String)? {
            let line = Int(event.start_mark.line) + 1
            switch event.type {
            case YAML_SCALAR_EVENT:
                return add(1, anchor: Self.text(event.data.scalar.anchor), line: line, alias: nil)
            case YAML_ALIAS_EVENT:
                let name = Self.text(event.data.alias.anchor) ?? ""
                return add(anchors[name] ?? 1, anchor: nil, line: line, alias: name)
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                guard open.count < YAMLLimits.depth else {
                    // 64 + 1: "65th".
                    return (
                        line,
                        "expected lists and mappings nested at most \(YAMLLimits.depth) deep, got a \(YAMLLimits.depth + 1)th level"
                    )
                }
                let anchor =
                    event.type == YAML_SEQUENCE_START_EVENT
                    ? Self.text(event.data.sequence_start.anchor) : Self.text(event.data.mapping_start.anchor)
                open.append((total, anchor))
                return add(1, anchor: nil, line: line, alias: nil)
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                if let closed = open.popLast(), let anchor = closed.anchor { anchors[anchor] = total - closed.before }
                return nil
            default:
                return nil
            }
        }

        mutating func add(_ count: Int, anchor: String?, line: Int, alias: String?) -> (line: Int, message: String)? {
            total += count
            if let anchor { anchors[anchor] = count }
            guard total > YAMLLimits.values else { return nil }
            let at = alias.map { " at alias '*\($0)'" } ?? ""
            return (line, "expected at most \(YAMLLimits.values) values with aliases expanded, got more\(at)")
        }

        static func text(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
            pointer.map { String(cString: $0) }
        }
    }
}
