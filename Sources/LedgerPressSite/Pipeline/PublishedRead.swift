import Foundation
import LedgerPressPublish

/// The published site read ahead: ``SiteWriter/prepare()`` (an earlier killed run cleaned up after, the output's
/// `manifest.json` read) on a thread of its own, started as soon as the run holds the output's lock, so that it
/// overlaps the import instead of following it (at 1M entries the manifest is 25 MB, half a second to read).
///
/// The import's problems are still told first: the read's outcome, or its error, is only asked for by
/// ``SitePipeline/run(payees:ledgerFigures:inputs:output:previous:published:stage:progress:)``. Whoever starts one
/// must ``wait()`` for it before letting go of the lock, whatever happens to the run.
public struct PublishedRead: Sendable {
    private let read: ThreadOutcome<PreviousSite, SiteWriter.Failure>

    public init(output: URL, lock: OutputLock?) {
        let writer = SiteWriter(output: output, lock: lock)
        read = ThreadOutcome(name: "ledgerpress published read") { () throws(SiteWriter.Failure) in
            try writer.prepare()
        }
    }

    /// Waits until the read is over (it may be waited for any number of times).
    public func wait() { read.wait() }

    /// The published site as ``SiteWriter/prepare()`` returned it, once read.
    func site() throws(SiteWriter.Failure) -> PreviousSite { try read.value() }
}
