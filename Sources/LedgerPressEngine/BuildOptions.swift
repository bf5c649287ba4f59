import Foundation
import LedgerPressCore
import LedgerPressImport
import LedgerPressRender
import LedgerPressSite

/// Every choice of a build besides its inputs: what the site shows (``SiteOptions``), and how the run reads,
/// checks and publishes it. `check` takes the same value and stops before rendering.
public struct BuildOptions: Sendable {
    /// What the statements show: periods, zones, locales, issuer, `--as-of`, folder names.
    public var site: SiteOptions
    /// The folder of default templates (beside the executable); nil when none was found.
    public var defaultTemplates: String?
    /// `--templates`: a folder whose files replace the defaults one by one.
    public var templates: String?
    /// `--only finance`: the finance CSVs and manifests, no statement files.
    public var mode: SitePipeline.Mode
    /// `--shard I/N`: only the payees of one shard.
    public var shard: Shard?
    /// `--shard-secret`: the secret that seals the shard for `merge` (``ShardSeal``).
    public var shardSecret: [UInt8]?
    /// `--reject-file`: quarantine, build from the good rows and write every rejected row to this CSV.
    public var rejectFile: String?
    /// `--previous`: where the statements' earlier versions are read (default: the output itself).
    public var previous: URL?
    /// `--adopt`: unlisted files in ledgerpress's own folders are removed, not refused.
    public var adopt: Bool
    /// `--max-shrink` (nil: `--allow-shrink`).
    public var shrinkGuard: ShrinkGuard?
    /// Every input's summary line is told even when the inputs are fine (`--verbose`).
    public var listInputs: Bool
    /// Identifies the build of the tool in every payee's key (the executable's SHA-256).
    public var toolIdentity: String
    /// Render workers.
    public var workers: Int
    /// Writer threads of the staging folder (nil: one per four workers; `LEDGERPRESS_WRITERS` in the CLI).
    public var writers: Int?
    /// The bytes of a native export read before it is read in chunks on `workers` threads, and of each chunk (an
    /// input no larger is read whole): tests set it small so that small inputs are cut into many chunks.
    public var importChunkBytes = NativeLedgerImporter.chunkBytes
    /// Take what the last build read from the import's checkpoint beside the output, and keep this build's there
    /// (``ImportCheckpoint``); false (`--no-import-checkpoint`): read every input, keep none.
    public var importCheckpoint = true
    /// Test hook: abort after this many staged files.
    public var abortAfterFiles: Int?
    /// Test hook: called once the new site is staged, before it is swapped in (a test acts on the run there).
    public var holdBeforePublish: (@Sendable () -> Void)?
    /// Where the HTML rendering's CPU time is added up (`--report`); nil: not measured.
    public var htmlTally: CPUTally?
    /// The files each statement is published as (a document renderer registers here).
    public var documents = StatementDocuments.standard
    /// `--outbox`: e-mail the new and revised statements of some kinds into a Maildir after the publish.
    public var outbox: OutboxOptions?

    public init(
        site: SiteOptions = SiteOptions(), defaultTemplates: String? = nil, templates: String? = nil,
        mode: SitePipeline.Mode = .site, shard: Shard? = nil, rejectFile: String? = nil, previous: URL? = nil,
        adopt: Bool = false, shrinkGuard: ShrinkGuard? = ShrinkGuard(), listInputs: Bool = false,
        toolIdentity: String = "ledgerpress (library)", workers: Int = SystemCPUs.available,
        abortAfterFiles: Int? = nil, htmlTally: CPUTally? = nil
    ) {
        self.site = site
        self.defaultTemplates = defaultTemplates
        self.templates = templates
        self.mode = mode
        self.shard = shard
        self.rejectFile = rejectFile
        self.previous = previous
        self.adopt = adopt
        self.shrinkGuard = shrinkGuard
        self.listInputs = listInputs
        self.toolIdentity = toolIdentity
        self.workers = workers
        self.abortAfterFiles = abortAfterFiles
        self.htmlTally = htmlTally
    }
}
