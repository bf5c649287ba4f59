import Mustache

/// A template context object: named ``TemplateValue``s, looked up by swift-mustache as a `[String: Any]`
/// dictionary would be, with the same sections, transforms and text.
///
/// Why not `[String: Any]`: swift-mustache finds a name by casting every object on its context stack to its
/// protocols, and a dictionary conforms to them only conditionally (`where Key == String`), which costs a
/// witness-table look-up at each cast; the values were `String`s, which take several failing casts before
/// they print. This struct conforms outright and hands out ``TemplateText``s, for the same output.
///
/// The values are kept sorted by name (binary search to find one): ``ContextShape`` reads every object of a
/// context in name order, once per page, and a dictionary would have to be sorted each time.
///
/// > Note: `{{name}}` of an object (or a list of objects) prints the description of the equivalent dictionary
/// > (``plain``), as before; `count(name)`, `empty(name)`, `sorted(name)` and `enumerated(name)` are the dictionary's.
public struct TemplateObject: Sendable, MustacheParent, MustacheTransformable {
    /// The values in name order (`String`'s `<`), each name once.
    private(set) var entries: [(name: String, value: TemplateValue)]

    public init(_ values: [String: TemplateValue] = [:]) {
        entries = values.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) }
    }

    /// An object of texts (a string table's words as the templates' `t`).
    public init(texts: [String: String]) { self.init(texts.mapValues { .text($0) }) }

    public subscript(key: String) -> TemplateValue? {
        get {
            let index = position(of: key)
            return index < entries.count && entries[index].name == key ? entries[index].value : nil
        }
        set {
            let index = position(of: key)
            let found = index < entries.count && entries[index].name == key
            switch (newValue, found) {
            case (let value?, true): entries[index].value = value
            case (let value?, false): entries.insert((name: key, value: value), at: index)
            case (nil, true): entries.remove(at: index)
            case (nil, false): break
            }
        }
    }

    /// Replaces the value at `index` of ``entries`` (its name stays).
    mutating func setValue(_ value: TemplateValue, at index: Int) { entries[index].value = value }

    /// The index of `key` in ``entries``, or where it would be inserted.
    private func position(of key: String) -> Int {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].name < key { low = middle + 1 } else { high = middle }
        }
        return low
    }

    public func child(named name: String) -> Any? { self[name]?.mustacheValue }

    public func transform(_ name: String) -> Any? { plain.transform(name) }

    /// The object as an untyped context dictionary (texts as `String`, objects as `[String: Any]`).
    public var plain: [String: Any] {
        Dictionary(uniqueKeysWithValues: entries.map { ($0.name, $0.value.plainValue) })
    }
}

extension TemplateObject: ExpressibleByDictionaryLiteral {
    /// Keys must be distinct, as in a dictionary literal.
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self.init(Dictionary(uniqueKeysWithValues: elements))
    }
}

extension TemplateObject: CustomStringConvertible, CustomDebugStringConvertible {
    /// The equivalent dictionary's description (what `{{name}}` printed for a dictionary).
    public var description: String { plain.description }
    public var debugDescription: String { plain.debugDescription }
}
