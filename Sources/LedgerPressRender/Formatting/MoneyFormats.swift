import LedgerPressCore
import Synchronization

/// The `MoneyFormat`s of a run, per locale and currency (learning a pattern costs a Foundation format).
///
/// Each is learned on first use into a locked cache. A caller formatting many amounts of one currency (a
/// statement section) asks once with ``formatter(for:locale:)`` and formats lock-free.
public final class MoneyFormats: Sendable {
    struct Key: Hashable, Sendable {
        var locale: String
        var code: String
    }

    private let cache = Mutex<[Key: MoneyFormat]>([:])

    public init() {}

    /// The format of one currency in one locale (cached, or learned now).
    public func formatter(for currency: Currency, locale: String) -> MoneyFormat {
        let key = Key(locale: locale, code: currency.code)
        return cache.withLock { cache in
            if let cached = cache[key] { return cached }
            let made = MoneyFormat(currency: currency, localeIdentifier: locale)
            cache[key] = made
            return made
        }
    }

    public func format(_ minorUnits: Int64, _ currency: Currency, locale: String) -> String {
        formatter(for: currency, locale: locale).format(minorUnits)
    }
}
