/// A template context taken apart into its shape and its texts, for ``TemplateSkeleton``.
///
/// The shape is every name (in sorted order: a dictionary's own order differs from one instance to the next),
/// every flag, the length of every list, every object's own shape, and which texts are empty; the texts are the
/// non-empty ones, in the same order. Two contexts with the same shape have the same names at every level, and
/// their texts line up one to one. The top-level value named `skip` (the words, `t`) is left out of both: it
/// stays as it is.
enum ContextShape {
    /// The shape of `object`, as bytes, and its non-empty texts appended to `texts`.
    static func split(_ object: TemplateObject, skipping skip: String? = nil, texts: inout [String]) -> [UInt8] {
        var key: [UInt8] = []
        key.reserveCapacity(512)
        split(object, skipping: skip, key: &key, texts: &texts)
        return key
    }

    static func split(_ object: TemplateObject, skipping skip: String?, key: inout [UInt8], texts: inout [String]) {
        key.append(UInt8(ascii: "{"))
        for (name, value) in object.values.sorted(by: { $0.key < $1.key }) where name != skip {
            // The name's length first, so that no name can be read as part of another's shape.
            decimal(name.utf8.count, to: &key)
            key.append(UInt8(ascii: ":"))
            key += name.utf8
            switch value {
            case .text(let text):
                if text.isEmpty {
                    key.append(UInt8(ascii: "e"))
                } else {
                    key.append(UInt8(ascii: "s"))
                    texts.append(text)
                }
            case .flag(let flag): key.append(flag ? UInt8(ascii: "1") : UInt8(ascii: "0"))
            case .object(let child): split(child, skipping: nil, key: &key, texts: &texts)
            case .list(let children):
                key.append(UInt8(ascii: "["))
                decimal(children.count, to: &key)
                for child in children { split(child, skipping: nil, key: &key, texts: &texts) }
                key.append(UInt8(ascii: "]"))
            }
        }
        key.append(UInt8(ascii: "}"))
    }

    /// `value`'s digits, least significant first (a count followed by a delimiter reads back one way only).
    private static func decimal(_ value: Int, to key: inout [UInt8]) {
        var rest = value
        repeat {
            key.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
    }

    /// `object` with its non-empty texts replaced, in ``split(_:skipping:texts:)``'s order, by `texts` from
    /// index `next` on.
    static func replacing(_ object: TemplateObject, skipping skip: String? = nil, with texts: [String], next: inout Int)
        -> TemplateObject
    {
        var out = object
        for (name, value) in object.values.sorted(by: { $0.key < $1.key }) where name != skip {
            switch value {
            case .text(let text) where !text.isEmpty:
                out.values[name] = .text(texts[next])
                next += 1
            case .text, .flag: break
            case .object(let child): out.values[name] = .object(replacing(child, with: texts, next: &next))
            case .list(let children):
                out.values[name] = .list(children.map { replacing($0, with: texts, next: &next) })
            }
        }
        return out
    }
}
