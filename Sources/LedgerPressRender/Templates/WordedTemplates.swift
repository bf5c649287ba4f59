import Foundation
import Mustache
import Synchronization

/// The payee-facing templates of one locale with its words written in: every `{{t.key}}` replaced, before
/// parsing, by the word as Mustache would have printed it (escaped by the template's content type), and
/// `{{{t.key}}}` / `{{& t.key}}` by the raw word.
///
/// Rendering then looks nothing up for the words: swift-mustache resolves a dotted name by splitting it and
/// walking the context stack with dynamic casts at every use, and a statement uses about forty words.
///
/// > Note: the output is byte for byte what the template renders with `t` in its context (a variable tag is
/// > never a standalone line, and the content types' escapers depend on the text alone). A word holding `{{`
/// > or `}}`, and any template that changes its delimiters (`{{=`), are left to Mustache as written.
struct WordedTemplates: Sendable {
    let driver: MustacheTemplate
    let merchant: MustacheTemplate
    let layout: MustacheTemplate
    let payeeIndex: MustacheTemplate

    /// Sources: each template's text with its content-type pragma, as ``TemplateSet`` parses it.
    struct Sources: Sendable {
        var driver: String
        var merchant: String
        var layout: String
        var payeeIndex: String
    }

    init(_ sources: Sources, words: [String: String]) throws {
        driver = try MustacheTemplate(
            string: WordedTemplates.inline(sources.driver, words, escape: MarkdownText.escape))
        merchant = try MustacheTemplate(
            string: WordedTemplates.inline(sources.merchant, words, escape: MarkdownText.escape))
        layout = try MustacheTemplate(string: WordedTemplates.inline(sources.layout, words, escape: HTMLText.escape))
        payeeIndex = try MustacheTemplate(
            string: WordedTemplates.inline(sources.payeeIndex, words, escape: HTMLText.escape))
    }

    /// `text` with its word tags replaced by the words of `words` (escaped by `escape` for `{{t.key}}`).
    static func inline(_ text: String, _ words: [String: String], escape: (String) -> String) -> String {
        guard !text.contains("{{=") else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            out += rest[..<open.lowerBound]
            let tag = rest[open.lowerBound...]
            if let (length, key, raw) = wordTag(tag), let word = words[key], !word.contains("{{"), !word.contains("}}")
            {
                out += raw ? word : escape(word)
                rest = tag.dropFirst(length)
            } else {
                out += "{{"
                rest = tag.dropFirst(2)
            }
        }
        return out + rest
    }

    /// The tag at the start of `text` when it prints a word: its length, the key and whether it is raw.
    static func wordTag(_ text: Substring) -> (length: Int, key: String, raw: Bool)? {
        let forms: [(open: String, close: String, raw: Bool)] = [
            ("{{{", "}}}", true), ("{{&", "}}", true), ("{{", "}}", false),
        ]
        for form in forms where text.hasPrefix(form.open) {
            let body = text.dropFirst(form.open.count)
            guard let close = body.range(of: form.close) else { return nil }
            let name = body[..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            guard name.hasPrefix("t."), name.count > 2,
                name.dropFirst(2).allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
            else { return nil }
            let length = form.open.count + body.distance(from: body.startIndex, to: close.upperBound)
            return (length, String(name.dropFirst(2)), form.raw)
        }
        return nil
    }
}

/// The worded templates made so far, one set per locale (made on first use by any render worker).
final class WordedTemplateCache: Sendable {
    private let sets = Mutex<[String: WordedTemplates]>([:])

    func templates(for wording: Wording, make: () throws -> WordedTemplates) throws -> WordedTemplates {
        try sets.withLock { sets in
            if let ready = sets[wording.locale] { return ready }
            let made = try make()
            sets[wording.locale] = made
            return made
        }
    }
}
