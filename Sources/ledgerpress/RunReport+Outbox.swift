import LedgerPressEngine

extension RunReport {
    /// The report's `outbox`: messages written, statement versions already in the Maildir, those held (period still
    /// open, or in its `--deliver-grace`), and the payees not e-mailed (with statements to deliver), by reason.
    struct Outbox: Encodable {
        var written: Int
        var alreadyDelivered: Int
        var skippedStatements: Int
        var skippedBeforeSince: Int
        var heldOpen: Int
        var heldGrace: Int
        var withoutAddress: [String]
        var declined: [String]
        var badAddress: [String]

        enum CodingKeys: String, CodingKey {
            case written
            case alreadyDelivered = "already_delivered"
            case skippedStatements = "skipped_statements"
            case skippedBeforeSince = "skipped_before_deliver_since"
            case heldOpen = "held_open"
            case heldGrace = "held_grace"
            case withoutAddress = "payees_without_email"
            case declined = "payees_declined_email"
            case badAddress = "payees_bad_email"
        }

        init(_ report: OutboxReport) {
            written = report.written
            alreadyDelivered = report.alreadyDelivered
            skippedStatements = report.skippedStatements
            skippedBeforeSince = report.skippedBeforeSince
            heldOpen = report.heldOpen
            heldGrace = report.heldGrace
            withoutAddress = report.withoutAddress
            declined = report.declined
            badAddress = report.badAddress
        }
    }
}

/// The outbox's lines on standard error.
enum OutboxLines {
    static func lines(_ report: OutboxReport) -> [String] {
        var lines = [
            "outbox: \(report.written) message(s) written, \(report.alreadyDelivered) already in the outbox"
                + (report.skippedBeforeSince > 0
                    ? ", \(report.skippedBeforeSince) statement(s) skipped as ended by --deliver-since" : "")
                + (report.heldOpen > 0 ? ", \(report.heldOpen) held as their period is still open" : "")
                + (report.heldGrace > 0 ? ", \(report.heldGrace) held for --deliver-grace" : "")
        ]
        if report.notDelivered > 0 {
            lines.append(
                "outbox: \(report.notDelivered) payee(s) not e-mailed (\(report.withoutAddress.count) without an address, "
                    + "\(report.declined.count) declined, \(report.badAddress.count) with an invalid address; "
                    + "\(report.skippedStatements) statement(s)); the run report lists them")
        }
        return lines
    }
}
