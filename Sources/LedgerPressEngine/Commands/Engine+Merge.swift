import Foundation
import LedgerPressPublish
import LedgerPressRender
import LedgerPressSite

extension Engine {
    /// `merge`: the output's lock and the templates, taken before anything else is read, then the shards combined
    /// and published (``merge(_:links:shardSecret:)``). The lock is held for as long as this value lives.
    public struct MergeRun {
        let lock: OutputLock
        let templates: TemplateSet
        let target: URL

        /// Takes the lock of `target` (the resolved output, named `name` in messages; another run holding it stops
        /// with 75) and loads the templates (the defaults with the `--templates` folder's files in their place).
        /// `message` is told when the run waits for a `verify`.
        public init(into target: URL, named name: String, templates: String?, message: ([String]) -> Void)
            throws(BuildStop)
        {
            self.target = target
            lock = try BuildStop.lock(target, named: name, waiting: message)
            self.templates = try BuildStop.templates(defaults: Engine.defaultTemplates, overrides: templates)
        }

        /// Checks the shards (folders in any order) and publishes the site a single run would have built. A
        /// shard problem throws ``MergeFailure``; a publish failure stops as ``BuildStop/publishing(_:)`` says.
        public func merge(_ shards: [String], links: PayeeLinks, shardSecret: [UInt8]?) throws -> Merged {
            try BuildStop.publishing {
                var merger = SiteMerger(templates: templates, links: links, lock: lock)
                merger.shardSecret = shardSecret
                return try merger.merge(shards.map { URL(fileURLWithPath: $0) }, into: target)
            }
        }
    }

    /// What a merge published (``MergeRun/merge(_:links:shardSecret:)``).
    public typealias Merged = SiteMerger.Merged

    /// The templates folder beside the executable (or `LEDGERPRESS_TEMPLATES`); nil when none is found.
    public static var defaultTemplates: String? {
        let executable = Bundle.main.executablePath ?? CommandLine.arguments.first ?? ""
        return TemplateSet.defaultDirectory(
            executablePath: executable, environment: ProcessInfo.processInfo.environment)
    }
}
