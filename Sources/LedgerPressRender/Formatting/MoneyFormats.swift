import LedgerPressCore

/// The `MoneyFormat`s of a run, per locale and currency (learning a pattern costs a Foundation format).
///
/// Formats prepared up front (``init(preparing:)``) are read from an immutable table, with no lock;
/// any other is learned on first use into a locked cache. A caller formatting many amounts of one
/// currency (a statement section) asks once with ``formatter(for:locale:)`` and formats lock-free.
public final class MoneyFormats: @unchecked Sendable {
    struct Key: Hashable, Sendable {
        var locale: String
        var code: String
    }

    /// Learned before any thread could read it, never changed after.
    private let prepared: [Key: MoneyFormat]
    private var cache: [Key: MoneyFormat] = [:]
    private let lock = NSLockShim()

    public init() { prepared = [:] }

    /// Learns every pair's format now, so that formatting them never takes the lock.
    public init<S: Sequence>(preparing pairs: S) where S.Element == (locale: String, currency: Currency) {
        var table: [Key: MoneyFormat] = [:]
        for (locale, currency) in pairs where table[Key(locale: locale, code: currency.code)] == nil {
            table[Key(locale: locale, code: currency.code)] = MoneyFormat(currency: currency, localeIdentifier: locale)
        }
        prepared = table
    }

    /// The format of one currency in one locale (prepared, cached, or learned now).
    public func formatter(for currency: Currency, locale: String) -> MoneyFormat {
        let key = Key(locale: locale, code: currency.code)
        if let ready = prepared[key] { return ready }
        return lock.withLock {
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
