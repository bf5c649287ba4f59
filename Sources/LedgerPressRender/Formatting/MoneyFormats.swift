import LedgerPressCore

/// A cache of `MoneyFormat`s per locale and currency (learning a pattern costs a Foundation format).
public final class MoneyFormats: @unchecked Sendable {
    private var cache: [String: MoneyFormat] = [:]
    private let lock = NSLockShim()

    public init() {}

    public func format(_ minorUnits: Int64, _ currency: Currency, locale: String) -> String {
        let key = locale + "|" + currency.code
        let formatter = lock.withLock { () -> MoneyFormat in
            if let cached = cache[key] { return cached }
            let made = MoneyFormat(currency: currency, localeIdentifier: locale)
            cache[key] = made
            return made
        }
        return formatter.format(minorUnits)
    }
}
