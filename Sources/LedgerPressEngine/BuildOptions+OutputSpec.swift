import LedgerPressPublish
extension BuildOptions {
    /// The fields of ``BuildOptions`` that no member of the manifest's options records, each with why: every other
    /// field (and every field of ``SiteOptions``) is recorded by an output option declared in the site's table of
    /// them (`OutputOption.all`). `OutputSpecTests` fails on a field that is in neither.
    static let outsideTheManifestsOptions: [String: String] = [
        "site": "its fields are SiteOptions's, each recorded by a declared output option",
        "toolIdentity": "changes every page's bytes it may: in every payee's key (PayeeKey), and the manifest's tool",
        "documents": "the files of each statement (--pdf, --pdf-engine): in every payee's key "
            + "(StatementDocuments.keyParts) and the shard record, which merge compares",
        "shard": "which payees a build renders, not what their pages show: the shard record (merge)",
        "shardSecret": "seals a --shard build's manifests in a file merge never publishes",
        "rejectFile": "writes rejected rows to a file outside the site; the site is built from the good rows",
        "previous": "where earlier versions are read: a statement's version is in its own manifest entry",
        "adopt": "whether unlisted files are removed or refused, not what is written",
        "shrinkGuard": "whether a shrinking site is refused, not what is written",
        "listInputs": "what is told on the terminal (--verbose)",
        "workers": "how many render threads; the same bytes",
        "writers": "how many writer threads; the same bytes",
        "importChunkBytes": "how inputs are cut for reading; the same entries",
        "importCheckpoint": "whether the import's checkpoint is used; the same entries",
        "abortAfterFiles": "a test hook that stops the run",
        "holdBeforePublish": "a test hook called before the swap",
        "htmlTally": "where rendering time is added up (--report)",
        "outbox": "e-mails written to a Maildir outside the site after the publish (--outbox)",
    ]
}
