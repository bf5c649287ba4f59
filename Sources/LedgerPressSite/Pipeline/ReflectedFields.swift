/// Every stored field of a value, by path, read by reflection, as text: what a payee's key (``PayeeKey``) is made
/// of, from the payee (``LedgerPressCore/Payee``) and the site's options (``SiteOptions``, each field that an output
/// option records: ``OutputOption/keyFields(of:)``) as they are, so that a field added to the payee is in every
/// key without anyone having to remember it (the stale-key tests prove each one counts).
///
/// > Note: read through `Mirror`; a type that must not show a field (``PayeeLinks``'s secret) gives its own
/// > mirror. Dictionaries are listed in sorted order, so the text is the same on every run.
enum ReflectedFields {
    /// Each field of `value` as `path.field=value` lines; `path` names `value` itself (empty at the top).
    static func of(_ value: Any, at path: String = "") -> [String] {
        var fields: [String] = []
        collect(value, path: path, into: &fields)
        return fields
    }

    private static func collect(_ value: Any, path: String, into fields: inout [String]) {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .struct, .class, .tuple:
            guard !mirror.children.isEmpty else { break }
            for (index, child) in mirror.children.enumerated() {
                collect(child.value, path: path + "." + (child.label ?? String(index)), into: &fields)
            }
            return
        case .optional:
            guard let some = mirror.children.first else {
                fields.append(path + "=nil")
                return
            }
            collect(some.value, path: path + "?", into: &fields)
            return
        case .collection, .set:
            var items: [String] = []
            for (index, child) in mirror.children.enumerated() {
                collect(child.value, path: path + "[" + String(index) + "]", into: &items)
            }
            if mirror.displayStyle == .set { items.sort() }
            fields += items
            fields.append(path + ".count=" + String(mirror.children.count))
            return
        case .dictionary:
            var items: [String] = []
            for child in mirror.children { collect(child.value, path: path + "{}", into: &items) }
            fields += items.sorted()
            return
        default:
            break
        }
        fields.append(path + "=" + String(reflecting: value))
    }
}
