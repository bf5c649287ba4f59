/// One value of a template context: text, a flag, an object (a Mustache hash) or a list of objects.
///
/// Written with literals where the value is a literal (`"title": "Statement"`, `"has_chart": true`,
/// `"rows": [row, row]`) and with `.text(string)` otherwise.
public enum TemplateValue: Sendable {
    case text(String)
    case flag(Bool)
    case object(TemplateObject)
    case list([TemplateObject])

    /// The value handed to swift-mustache: a ``TemplateText``, a `Bool`, a ``TemplateObject`` or an array of them.
    var mustacheValue: Any {
        switch self {
        case .text(let string): TemplateText(string)
        case .flag(let flag): flag
        case .object(let object): object
        case .list(let objects): objects
        }
    }

    /// The value in the form of an untyped context (`String`, `Bool`, `[String: Any]`, `[[String: Any]]`):
    /// what transforms of an object and the description of an object work on.
    var plainValue: Any {
        switch self {
        case .text(let string): string
        case .flag(let flag): flag
        case .object(let object): object.plain
        case .list(let objects): objects.map(\.plain)
        }
    }

    /// The text, if this is text.
    public var text: String? {
        if case .text(let string) = self { return string }
        return nil
    }

    /// The flag, if this is a flag.
    public var flag: Bool? {
        if case .flag(let flag) = self { return flag }
        return nil
    }

    /// The object, if this is an object.
    public var object: TemplateObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    /// The objects, if this is a list.
    public var list: [TemplateObject]? {
        if case .list(let objects) = self { return objects }
        return nil
    }
}

extension TemplateValue: ExpressibleByStringInterpolation, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral {
    public init(stringLiteral value: String) { self = .text(value) }
    public init(booleanLiteral value: Bool) { self = .flag(value) }
    public init(arrayLiteral elements: TemplateObject...) { self = .list(elements) }
}
