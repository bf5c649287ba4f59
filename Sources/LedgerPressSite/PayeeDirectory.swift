import LedgerPressCore

/// Joins the ledger's payees with the payees file: display name, zone, locale, day and week start; checks agreement.
public enum PayeeDirectory {
    /// Every payee of the ledger (sorted by id) with their entries, or diagnostics for payees file rows
    /// whose type disagrees with the ledger.
    public static func payees(
        ledger: Ledger, profiles: [String: PayeeProfile], options: SiteOptions
    ) -> (payees: [(Payee, [LedgerEntry])], diagnostics: [Diagnostic]) {
        var byPayee: [String: [LedgerEntry]] = [:]
        for entry in ledger.entries { byPayee[entry.payeeID, default: []].append(entry) }
        var diagnostics: [Diagnostic] = []
        var result: [(Payee, [LedgerEntry])] = []
        for (id, entries) in byPayee.sorted(by: { $0.key.utf8Precedes($1.key) }) {
            guard let first = entries.first else { continue }
            let type = first.payeeType
            let profile = profiles[id]
            if let profile, let declared = profile.type, declared != type, let source = profile.source {
                var location = source
                location.field = "payee_type"
                diagnostics.append(
                    Diagnostic(
                        at: location,
                        expected: "'\(type.rawValue)' as in the ledger (\(first.source.file):\(first.source.line))",
                        found: declared.rawValue))
            }
            // The latest named entry's name (ties by id); ids are compared only on ties, being decoded on each read.
            let ledgerName = entries.filter { ($0.payeeName ?? "").isEmpty == false }
                .max { $0.occurredAt != $1.occurredAt ? $0.occurredAt < $1.occurredAt : $0.id < $1.id }?.payeeName
            let name = profile?.name ?? ledgerName ?? id
            result.append(
                (
                    Payee(
                        id: id, type: type, name: name, timeZone: profile?.timeZone ?? options.defaultTimeZone,
                        locale: profile?.locale ?? options.defaultLocale,
                        dayStart: profile?.dayStart ?? options.defaultDayStart,
                        weekStart: profile?.weekStart ?? options.defaultWeekStart), entries
                ))
        }
        return (result, diagnostics)
    }
}
