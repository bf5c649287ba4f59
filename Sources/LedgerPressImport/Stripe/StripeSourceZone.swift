import Foundation
import LedgerPressCore

/// The zone of a Stripe export whose times carry none (`created` without `_utc`).
///
/// `--source-timezone` when given; else the zone Stripe writes at the end of a download's name, with
/// `/` written as `-` (`Itemized_balance_change_from_activity_USD_2026-01-01_to_2026-01-31_America-Denver.csv`,
/// `..._America-Argentina-Buenos_Aires.csv`, `..._Etc-UTC.csv`); else none, and the file is refused:
/// reading local times as UTC would move every entry by hours, silently.
enum StripeSourceZone {
    /// The zone, and where it came from (for messages), or nil.
    static func resolve(file: String, settings: ImportSettings) -> ZoneClock? {
        settings.sourceZone ?? fromFileName(file)
    }

    /// The zone at the end of a file name as Stripe names downloads, or nil.
    static func fromFileName(_ path: String) -> ZoneClock? {
        var name = (path as NSString).lastPathComponent
        if let dot = name.lastIndex(of: "."), name[dot...].lowercased() == ".csv" { name = String(name[..<dot]) }
        // A browser's " (1)" for a second download of the same name.
        if let open = name.range(of: " (", options: .backwards), name.hasSuffix(")") {
            name = String(name[..<open.lowerBound])
        }
        let parts = name.split(separator: "_", omittingEmptySubsequences: false)
        // Zone names hold `_` (Buenos_Aires, Port_Moresby): try the last one, two and three `_`-parts.
        for count in 1...min(3, parts.count) {
            let tail = parts.suffix(count).joined(separator: "_")
            if let zone = zone(dashed: tail) { return zone }
        }
        return nil
    }

    /// `America-Denver` → America/Denver; `America-Port-au-Prince` → America/Port-au-Prince: each `-` may be
    /// a `/` or itself, and the first reading that names a zone (and has an area, or is UTC) wins.
    static func zone(dashed text: String) -> ZoneClock? {
        guard !text.isEmpty, text.count <= 40, text.first?.isLetter == true else { return nil }
        if text == "UTC" { return .utc }
        let pieces = text.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard pieces.count >= 2, pieces.count <= 5, pieces.allSatisfy({ !$0.isEmpty }) else { return nil }
        // Readings with fewer `/` first: the area and city split at the first dash is tried before any other.
        let gaps = pieces.count - 1
        let readings = (0..<(1 << gaps)).filter { $0 & 1 == 1 }.sorted {
            ($0.nonzeroBitCount, $0) < ($1.nonzeroBitCount, $1)
        }
        for mask in readings {
            var identifier = pieces[0]
            for gap in 0..<gaps { identifier += (mask >> gap) & 1 == 1 ? "/" : "-"; identifier += pieces[gap + 1] }
            if let zone = ZoneClock(identifier: identifier) { return zone }
        }
        return nil
    }

    /// The diagnostic for a file with local times and no zone.
    static func missing(file: String, column: String) -> Diagnostic {
        Diagnostic(
            at: SourceLocation(file: file, line: 1, field: column),
            expected: "the zone of these local times: --source-timezone ZONE, or the zone at the end of the file name "
                + "as Stripe names downloads (..._America-Denver.csv); reading them as UTC would shift every time",
            found: "no zone")
    }
}
