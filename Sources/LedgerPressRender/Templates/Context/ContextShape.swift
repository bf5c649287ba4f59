/// A template context taken apart into its shape and its texts, for ``TemplateSkeleton``.
///
/// The shape is every name (in the object's name order),
/// every flag, the length of every list, every object's own shape, and which texts are empty; the texts are the
/// non-empty ones, in the same order. Two contexts with the same shape have the same names at every level, and
/// their texts line up one to one. The top-level value named `skip` (the words, `t`) is left out of both: it
/// stays as it is.
enum ContextShape {
    /// Appends the shape of `object` to `key` and its non-empty texts to `texts`.
    static func split(
        _ object: TemplateObject, skipping skip: String? = nil, key: inout ByteText, texts: inout [String]
    ) {
        key += "{"
        for (name, value) in object.entries where name != skip {
            // The name's length first, so that no name can be read as part of another's shape.
            key += name.utf8.count
            key.append(":", name)
            switch value {
            case .text(let text):
                if text.isEmpty {
                    key += "e"
                } else {
                    key += "s"
                    texts.append(text)
                }
            case .flag(let flag): key += flag ? "1" : "0"
            case .object(let child): split(child, key: &key, texts: &texts)
            case .list(let children):
                key += "["
                key += children.count
                for child in children { split(child, key: &key, texts: &texts) }
                key += "]"
            }
        }
        key += "}"
    }

    /// `object` with its non-empty texts replaced, in ``split(_:skipping:texts:)``'s order, by `texts` from
    /// index `next` on.
    static func replacing(_ object: TemplateObject, skipping skip: String? = nil, with texts: [String], next: inout Int)
        -> TemplateObject
    {
        var out = object
        for (index, (name, value)) in object.entries.enumerated() where name != skip {
            switch value {
            case .text(let text) where !text.isEmpty:
                out.setValue(.text(texts[next]), at: index)
                next += 1
            case .text, .flag: break
            case .object(let child): out.setValue(.object(replacing(child, with: texts, next: &next)), at: index)
            case .list(let children):
                out.setValue(.list(children.map { replacing($0, with: texts, next: &next) }), at: index)
            }
        }
        return out
    }
}
