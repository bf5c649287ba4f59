import Foundation
import LedgerPressCore
import LedgerPressRender

/// The fingerprints of a statement, computed from its values (never from rendered text).
///
/// - ``revision(_:)``: its figures and lines. A statement published before is *revised* when this changes.
/// - ``render(_:record:payee:)``: everything its three files are rendered from (figures, lines, payouts,
///   year to date, "as of", its version record) on top of the payee's ``PayeeKey/static``; a statement whose
///   render key is the one recorded in the previous payee manifest keeps its published files.
enum StatementDigest {
    static func revision(_ statement: Statement) -> String {
        var digest = DigestBuilder("ledgerpress statement revision 2")
        digest.text(statement.payee.type.rawValue)
        digest.text(statement.period.label)
        for section in statement.sections {
            digest.text(section.currency.code)
            digest.figures(section.figures)
            digest.int(section.lines.count)
            for line in section.lines {
                digest.timestamp(line.occurredAt)
                digest.int(line.localOffset)
                digest.optional(line.reference)
                digest.optional(line.description)
                digest.optional(line.payoutID)
                digest.optional(line.payoutStatus?.rawValue)
                digest.figures(line.figures)
            }
        }
        issue50(statement, into: &digest)
        return digest.finish()
    }

    /// Issue 50's values (balances brought forward, distances, payout arrival dates), appended only when a
    /// statement has one, so that the digest of every statement without them stays what it was (no statement is
    /// revised, and no file rewritten, by an upgrade alone).
    static func issue50(_ statement: Statement, into digest: inout DigestBuilder) {
        let has = statement.sections.contains { section in
            section.figures.broughtForward != 0 || !section.distance.isEmpty
                || section.lines.contains { $0.payoutArrival != nil || !$0.distance.isEmpty }
                || section.payouts.contains { $0.arrival != nil }
        }
        guard has else { return }
        digest.text("issue 50")
        for section in statement.sections {
            digest.int(section.figures.broughtForward)
            distances(section.distance, into: &digest)
            for line in section.lines {
                digest.optional(line.payoutArrival?.description)
                distances(line.distance, into: &digest)
            }
            for payout in section.payouts { digest.optional(payout.arrival?.description) }
        }
    }

    static func distances(_ totals: DistanceTotals, into digest: inout DigestBuilder) {
        for unit in DistanceUnit.allCases { digest.optional(totals[unit].map { String($0) }) }
    }

    static func render(_ statement: Statement, record: StatementRecord, payee: String) -> String {
        var digest = DigestBuilder("ledgerpress statement render 2")
        digest.text(payee)
        digest.text(record.fingerprint)
        digest.int(record.version)
        digest.text(record.firstIssuedAsOf)
        for change in record.changes { digest.add(StatementRecord.StoredChange(change)) }
        digest.timestamp(statement.asOf)
        digest.int(statement.asOfOffset)
        for section in statement.sections {
            digest.text(section.currency.code)
            if let ytd = section.yearToDate {
                digest.int(1)
                digest.figures(ytd)
            } else {
                digest.int(0)
            }
            digest.int(section.payouts.count)
            for payout in section.payouts {
                digest.text(payout.payoutID)
                digest.timestamp(payout.occurredAt)
                digest.int(payout.localOffset)
                digest.int(payout.amount)
                digest.optional(payout.status?.rawValue)
            }
        }
        issue50(statement, into: &digest)
        return digest.finish()
    }

    /// The fingerprint manifests of format 1 recorded (SHA-256 of the statement's summary rows and CSV),
    /// used only to compare with statements recorded by a format-1 manifest, so upgrading never revises them.
    static func legacy(_ statement: Statement) -> String {
        let summary = StatementCSV.summaryRows(statement).map(\.text).joined()
        return Manifest.sha256(Data((summary + StatementCSV.statementCSV(statement)).utf8))
    }
}
