import Foundation

/// The locales money may be shown in: `--locale` and the payees file's `locale` column both ask here.
///
/// A locale is accepted when Foundation lists it among its available identifiers (`en_US`, `de_DE`,
/// `fr_FR`, `ja_JP`, ...): those come with their own currency format data. Anything else — `xx_YY`,
/// an empty text, `en_US; rm -rf`, `en-US` — is refused rather than silently formatted with the root
/// locale's layout or a guessed prefix.
public enum MoneyLocale {
    /// What an accepted value looks like, for messages: `expected a locale such as en_US or de_DE, got '...'`.
    public static let expected = "a locale such as en_US or de_DE"

    /// Whether money can be formatted for this locale identifier.
    public static func isKnown(_ identifier: String) -> Bool { known.contains(identifier) }

    static let known: Set<String> = Set(Locale.availableIdentifiers)
}
