import Mustache

/// A template context object: named ``TemplateValue``s, looked up by swift-mustache as a `[String: Any]`
/// dictionary would be, with the same sections, transforms and text.
///
/// Why not `[String: Any]`: swift-mustache finds a name by casting every object on its context stack to its
/// protocols, and a dictionary conforms to them only conditionally (`where Key == String`), which costs a
/// witness-table look-up at each cast; the values were `String`s, which take several failing casts before
/// they print. This struct conforms outright and hands out ``TemplateText``s, for the same output.
///
/// > Note: `{{name}}` of an object (or a list of objects) prints the description of the equivalent dictionary
/// > (``plain``), as before; `count(name)`, `empty(name)`, `sorted(name)` and `enumerated(name)` are the dictionary's.
public struct TemplateObject: Sendable, MustacheParent, MustacheTransformable {
    var values: [String: TemplateValue]

    public init(_ values: [String: TemplateValue] = [:]) { self.values = values }

    /// An object of texts (a string table's words as the templates' `t`).
    public init(texts: [String: String]) { values = texts.mapValues { .text($0) } }

    public subscript(key: String) -> TemplateValue? {
        get { values[key] }
        set { values[key] = newValue }
    }

    public func child(named name: String) -> Any? { values[name]?.mustacheValue }

    public func transform(_ name: String) -> Any? { plain.transform(name) }

    /// The object as an untyped context dictionary (texts as `String`, objects as `[String: Any]`).
    public var plain: [String: Any] { values.mapValues(\.plainValue) }
}

extension TemplateObject: ExpressibleByDictionaryLiteral {
    /// Keys must be distinct, as in a dictionary literal.
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        values = Dictionary(uniqueKeysWithValues: elements)
    }
}

extension TemplateObject: CustomStringConvertible, CustomDebugStringConvertible {
    /// The equivalent dictionary's description (what `{{name}}` printed for a dictionary).
    public var description: String { plain.description }
    public var debugDescription: String { plain.debugDescription }
}
