import LedgerPressCore
import LedgerPressPublish

extension MailedPeriods {
    /// The statement key of a payee's period: a hash, so that the record holds no payee ids.
    static func key(payeeID: String, period: String) -> String {
        var digest = DigestBuilder("ledgerpress outbox statement 1")
        digest.text(payeeID)
        digest.text(period)
        return String(digest.finish().suffix(32))
    }
}
