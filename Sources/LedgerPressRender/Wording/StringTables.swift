import Foundation
import Synchronization

/// The string tables of a run (`Templates/strings/<language>.json`: a flat JSON object, key → text),
/// and the ``Wording`` of each payee locale, made once per locale and cached.
///
/// > Note: a locale's words come from its own table (`de_AT.json`, if there is one), then its language's
/// > (`de.json`), then English (`en.json`), key by key: a key missing or empty in a table falls back to
/// > the next. A locale whose language has no table gets English words and English month names.
public final class StringTables: Sendable {
    /// The language every other table falls back to.
    public static let fallbackLanguage = "en"
    /// Table name (`en`, `de`, `pt_BR`) → key → text.
    public let tables: [String: [String: String]]
    private let cache = Mutex<[String: Wording]>([:])

    public init(tables: [String: [String: String]]) {
        self.tables = tables
    }

    /// The words for a payee's locale (`de_DE`, `es-ES`, `ja_JP`), made on first use.
    public func wording(for locale: String) -> Wording {
        cache.withLock { cache in
            if let made = cache[locale] { return made }
            let made = makeWording(locale)
            cache[locale] = made
            return made
        }
    }

    /// The table names tried for a locale, most specific first: `de_DE` → `de_DE`, `de`; `pt-BR` → `pt_BR`, `pt`.
    public static func candidates(for locale: String) -> [String] {
        let normalized = locale.replacingOccurrences(of: "-", with: "_")
        let language = String(normalized.prefix { $0 != "_" }).lowercased()
        return normalized == language ? [language] : [normalized, language]
    }

    private func makeWording(_ locale: String) -> Wording {
        let found = StringTables.candidates(for: locale).filter { tables[$0] != nil }
        var chain = found
        if !chain.contains(StringTables.fallbackLanguage) { chain.append(StringTables.fallbackLanguage) }
        var words: [String: String] = [:]
        for name in chain.reversed() {
            for (key, text) in tables[name] ?? [:] where !text.isEmpty { words[key] = text }
        }
        let language = found.first.map { String($0.prefix { $0 != "_" }) } ?? StringTables.fallbackLanguage
        // Month and weekday names follow the words: a locale without a table of its own shows English.
        let names = CalendarNames(localeIdentifier: found.isEmpty ? "en_US" : locale)
        return Wording(locale: locale, language: language, words: words, names: names)
    }

    /// Reads one table: a JSON object whose values are all strings.
    public static func parse(_ text: String, file: String) throws(TemplateSet.Failure) -> [String: String] {
        let expected = "strings: expected a JSON object of texts (\"key\": \"text\"), got"
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        } catch {
            throw .notText(file: file, reason: "\(expected) invalid JSON")
        }
        guard let table = object as? [String: Any] else {
            throw .notText(file: file, reason: "\(expected) another JSON value")
        }
        var texts: [String: String] = [:]
        for key in table.keys.sorted() {
            guard let text = table[key] as? String else {
                throw .notText(file: file, reason: "strings: expected a text for '\(key)', got another JSON value")
            }
            texts[key] = text
        }
        return texts
    }
}
