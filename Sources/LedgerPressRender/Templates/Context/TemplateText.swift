import Mustache

/// A string as a template sees it: renders, tests in sections, and transforms exactly as a `String` would,
/// but reaches swift-mustache through its own protocols.
///
/// swift-mustache prints a `String` by trying several casts (custom renderable, lambda, optional) and then
/// `String(describing:)`; a `TemplateText` answers the first protocol cast it meets. As a parent it has no
/// children (a `String`'s mirror has none), and its transforms (`uppercased(name)`, `empty(name)`) are the
/// `String`'s own.
struct TemplateText: MustacheCustomRenderable, MustacheParent, MustacheTransformable, Sendable {
    let string: String

    init(_ string: String) { self.string = string }

    /// The text itself; the template's content type escapes it (or not, for `{{{name}}}`).
    var renderText: String { string }

    /// Never null: an empty string still opens a section, as a `String` does.
    var isNull: Bool { false }

    /// No children, as for a `String` (so `{{name.x}}` is empty and look-ups inside `{{#name}}` go on up the stack).
    func child(named: String) -> Any? { nil }

    func transform(_ name: String) -> Any? { string.transform(name) }
}
