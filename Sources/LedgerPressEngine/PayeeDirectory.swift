import LedgerPressCore
import LedgerPressSite

/// Joins the ledger's payees with the payees file: display name, zone, locale, day and week start.
///
/// > Note: a payees file row whose type disagrees with the ledger is the import's error
/// > (``PayeesFileImporter/typeDisagreements(ledger:profiles:)``), found before any payee is joined here.
public enum PayeeDirectory {
    /// Every payee of the ledger (sorted by id) with their entries (not loaded: see ``PayeeEntries``), the ledger
    /// read in up to `slices` slices at once.
    public static func payees(
        ledger: Ledger, profiles: [String: PayeeProfile], options: SiteOptions, slices: Int = 1
    ) -> [(Payee, PayeeEntries)] {
        ledger.payeeGroups(slices: slices).sorted { $0.id.utf8Precedes($1.id) }.map { group in
            let profile = profiles[group.id]
            let name = profile?.name ?? group.latestName ?? group.id
            return (
                Payee(
                    id: group.id, type: group.type, name: name,
                    timeZone: profile?.timeZone ?? options.defaultTimeZone,
                    locale: profile?.locale ?? options.defaultLocale,
                    dayStart: profile?.dayStart ?? options.defaultDayStart,
                    weekStart: profile?.weekStart ?? options.defaultWeekStart), group.entries
            )
        }
    }
}
