import LedgerPressCore

extension PayeesFileImporter {
    /// Payees file rows whose `payee_type` disagrees with the ledger's, in the UTF-8 order of the payee ids (errors:
    /// `build` and `check` fail on them), found without grouping every entry by payee.
    ///
    /// > Note: a payee's type in the ledger is its first entry's (in ledger order); payees are taken in
    /// > the UTF-8 order of their ids.
    public static func typeDisagreements(ledger: Ledger, profiles: [String: PayeeProfile]) -> [Diagnostic] {
        guard profiles.values.contains(where: { $0.type != nil && $0.source != nil }) else { return [] }
        var firstIndex: [String: Int] = [:]
        var last: String?
        var index = 0
        ledger.forEachRecord { entry in
            defer { index += 1 }
            let payee = entry.payeeID
            if payee == last { return }
            last = payee
            // Inserts `index` only for a payee not seen yet (one look-up).
            keep(&firstIndex[payee, default: index])
        }
        var diagnostics: [Diagnostic] = []
        for (id, index) in firstIndex.sorted(by: { $0.key.utf8Precedes($1.key) }) {
            let first = ledger.entries[index]
            guard let profile = profiles[id], let declared = profile.type, declared != first.payeeType,
                var location = profile.source
            else { continue }
            location.field = "payee_type"
            diagnostics.append(
                Diagnostic(
                    at: location,
                    expected:
                        "'\(first.payeeType.rawValue)' as in the ledger (\(first.source.file):\(first.source.line))",
                    found: declared.rawValue))
        }
        return diagnostics
    }

    private static func keep(_ value: inout Int) {}
}
