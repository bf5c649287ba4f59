extension MustacheSubset {
    /// A context value of a type the subset knows, found by exact type (no protocol casts, no bridging).
    enum Value {
        case text(String)
        case flag(Bool)
        case list([Any])
        case object([String: Any])

        init?(_ value: Any) {
            let type = ObjectIdentifier(Swift.type(of: value))
            if type == ObjectIdentifier(String.self), let text = value as? String {
                self = .text(text)
            } else if type == ObjectIdentifier(Bool.self), let flag = value as? Bool {
                self = .flag(flag)
            } else if type == ObjectIdentifier([String: Any].self), let object = value as? [String: Any] {
                self = .object(object)
            } else if type == ObjectIdentifier([String: String].self), let object = value as? [String: String] {
                self = .object(object)
            } else if Value.listTypes.contains(type), let list = value as? [Any] {
                self = .list(list)
            } else {
                return nil
            }
        }

        static let listTypes: Set<ObjectIdentifier> = [
            ObjectIdentifier([Any].self), ObjectIdentifier([[String: Any]].self), ObjectIdentifier([[String: String]].self),
            ObjectIdentifier([String].self),
        ]
    }

    /// The context stack: each object pushed by a section, and what a name finds in it.
    struct Frame {
        let value: Any
        /// The keys a name can find: only dictionaries have any (other values have no children).
        let object: [String: Any]?
    }

    /// Stops rendering: a value outside the subset was met.
    struct Unsupported: Error {}

    /// The text, or nil when the context holds a value outside the subset (then swift-mustache renders it).
    func render(_ context: Any) -> String? {
        guard let root = Value(context) else { return nil }
        guard case .object(let object) = root else { return nil }
        var out = ""
        var stack = [Frame(value: context, object: object)]
        // Before a content type, swift-mustache escapes with its own HTML escaping (the parser admits
        // no escaped variable there, so this value is never used).
        var escaping = Escaping.html
        do {
            try render(nodes, &stack, &escaping, into: &out)
        } catch {
            return nil
        }
        return out
    }

    func render(_ nodes: [Node], _ stack: inout [Frame], _ escaping: inout Escaping, into out: inout String) throws(Unsupported) {
        for node in nodes {
            switch node {
            case .text(let text):
                out += text
            case .escaping(let next):
                escaping = next
            case .variable(let name, let escaped):
                guard let found = lookup(name, stack) else { continue }
                let text: String
                switch Value(found) {
                case .text(let value): text = value
                case .flag(let value): text = value ? "true" : "false"
                default: throw Unsupported()
                }
                out += escaped ? escaping.escape(text) : text
            case .section(let name, let inner):
                guard let found = lookup(name, stack) else { continue }
                var sectionEscaping = escaping
                switch Value(found) {
                case .list(let items):
                    for item in items {
                        stack.append(try frame(item))
                        try render(inner, &stack, &sectionEscaping, into: &out)
                        stack.removeLast()
                        sectionEscaping = escaping
                    }
                case .flag(let value):
                    if value { try render(inner, &stack, &sectionEscaping, into: &out) }
                case .text, .object:
                    stack.append(try frame(found))
                    try render(inner, &stack, &sectionEscaping, into: &out)
                    stack.removeLast()
                case nil:
                    throw Unsupported()
                }
            case .invertedSection(let name, let inner):
                var sectionEscaping = escaping
                guard let found = lookup(name, stack) else {
                    try render(inner, &stack, &sectionEscaping, into: &out)
                    continue
                }
                switch Value(found) {
                case .list(let items):
                    // An empty list renders the section with the list itself pushed.
                    guard items.isEmpty else { continue }
                    stack.append(Frame(value: found, object: nil))
                    try render(inner, &stack, &sectionEscaping, into: &out)
                    stack.removeLast()
                case .flag(let value):
                    if !value { try render(inner, &stack, &sectionEscaping, into: &out) }
                case .text, .object:
                    continue
                case nil:
                    throw Unsupported()
                }
            }
        }
    }

    func frame(_ value: Any) throws(Unsupported) -> Frame {
        switch Value(value) {
        case .object(let object): return Frame(value: value, object: object)
        case .text, .flag, .list: return Frame(value: value, object: nil)
        case nil: throw Unsupported()
        }
    }

    /// `.` is the innermost object; a key is looked up from the innermost dictionary outwards.
    func lookup(_ name: String, _ stack: [Frame]) -> Any? {
        if name == "." { return stack.last?.value }
        for frame in stack.reversed() {
            if let object = frame.object, let value = object[name] { return value }
        }
        return nil
    }
}
