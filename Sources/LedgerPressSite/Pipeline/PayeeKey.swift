import LedgerPressCore

/// What a payee's published folder is made of, as digests.
///
/// > Note: a payee's files depend only on the tool that rendered them, the options and templates, the
/// > payee's profile and their entries (and the versions of their statements published before, which the
/// > pipeline compares separately). ``static`` covers all but the entries; ``full(entriesDigest:letterIssuedAt:)`` adds them. Two
/// > runs with the same key render the same bytes, so a payee whose key is unchanged is not rendered again.
struct PayeeKey {
    /// Tool identity, mode, options, templates and documents (``SitePipeline/context``), and the payee's profile.
    let `static`: String

    /// Every field of the payee (``ReflectedFields``: none can be left out).
    init(payee: Payee, context: String) {
        var digest = DigestBuilder("ledgerpress payee static 3")
        digest.text(context)
        for field in ReflectedFields.of(payee) { digest.text(field) }
        self.static = digest.finish()
    }

    /// The static part and the digest of the payee's entries (``entriesDigest(_:)``, or given when a build knows their
    /// entries did not change since it was computed: ``SitePipeline/Configuration/knownEntryDigests``).
    func full(entriesDigest: String, letterIssuedAt: Timestamp? = nil) -> String {
        var digest = DigestBuilder("ledgerpress payee entries 3")
        digest.text(self.static)
        // A letter is issued as of the run's as-of: a payee whose entries are unchanged gets a new letter when it moves.
        if let letterIssuedAt { digest.text("letter issued at " + String(letterIssuedAt.epochSeconds)) }
        digest.text(entriesDigest)
        return digest.finish()
    }

    /// Every field of every entry that reaches a key (``EntryKeyField/digested``, then the fields added since,
    /// ``EntryKeyField/digestedWhenPresent``), in the order given.
    static func entriesDigest(_ entries: PayeeEntries) -> String {
        var digest = DigestBuilder("ledgerpress payee entries digest 1")
        digest.int(entries.count)
        let digested = EntryKeyField.digested
        let whenPresent = EntryKeyField.digestedWhenPresent
        entries.forEachRecord { entry in
            for field in digested { field.add(&digest, entry) }
            // Only when one is present, so that the digest of entries without them stays what it was.
            if whenPresent.contains(where: { $0.isPresent(entry) }) {
                digest.text(EntryKeyField.whenPresentMarker)
                for field in whenPresent { field.add(&digest, entry) }
            }
        }
        return digest.finish()
    }
}
