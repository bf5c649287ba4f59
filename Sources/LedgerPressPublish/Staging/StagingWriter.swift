import Foundation
import LedgerPressCore
import LedgerPressCrypto
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Writes a new site into its staging folder from writer threads (*lanes*), fed by the render workers through a
/// bounded queue: the workers hand over each payee's files as soon as they exist, so memory holds at most
/// ``capacity`` bytes of them, whatever the size of the site.
///
/// One lane per four render workers (``lanes(workers:)``), so one on a 2-core machine: on this kind of disk
/// (ext4) two threads creating files in parallel were measured four times slower than one (journal and
/// allocator contention), while one thread keeps up with both render workers. With 16 workers one lane is what
/// bounds the render stage (it creates every file of the site), so more workers get more lanes. Each submitted
/// batch of operations (one payee's files, or the top level's) goes whole to one lane, in order; batches touch
/// distinct paths, so lanes need no order between them. Files are created with
/// `open(O_CREAT|O_EXCL|O_NOFOLLOW)`/`write`/`close`, each folder once; an unchanged file is hard-linked from the
/// published site so it keeps its inode and mtime. The finance CSVs are appended to in payee order, by lane 0
/// alone, and hashed as they grow.
///
/// When the staging folder starts as a mirror of the published site (the adopted ``SpareSite``), a linked
/// file is already there and needs nothing, a new file replaces the staged one (`unlink`, then
/// `open(O_EXCL)`: the staged file is the published file's inode), and ``Operation/prune(_:keeping:)``
/// removes what the new site drops. Either way the writer records every path it wrote or removed: where
/// the new site differs from the old one, which becomes the next spare.
package final class StagingWriter: @unchecked Sendable {
    package enum Operation {
        /// A new file with these bytes.
        case file(String, Data)
        /// The published site's file at this path, linked unchanged.
        case link(String)
        /// The published site's files of one folder (`folder/name` each), linked unchanged: a reused payee's whole
        /// folder as one operation, its names as the plan listed them (short names take no memory of their own).
        case links(String, names: [String])
        /// Bytes appended to one of the ``appendPaths`` (by index).
        case append(Int, Data)
        /// Bytes of the published file at the same path as one of the ``appendPaths`` (a reused payee's finance rows,
        /// where the published manifest puts them) appended to it: read by the writer as it appends them, so the
        /// queue holds no copy (a night that reuses every payee queued its 268 MB of rows at 1M entries, up to the
        /// queue's 64 MiB at a time).
        case appendPublished(Int, offset: Int, count: Int)
        /// Removes from staging whatever the published folder holds (a file or a folder) but these names.
        /// `published`: the published folder's files and their inodes, when the payee's render listed them (the
        /// writer then does not list it again to check a staging folder started from the spare).
        case prune(String, keeping: Set<String>, published: [String: UInt64]? = nil)
        /// For staging started from the spare: the folder made to hold exactly the published files named here, by
        /// inode (as the plan listed them, in the published folder's order), like a ``prune(_:keeping:)`` that needs
        /// no listing of the published folder. Queued for a reused payee whose staged folder is not already that.
        case verify(String, names: [String], inodes: [UInt64])
        /// A top-level entry ledgerpress did not write, carried over from the published site as it is
        /// (the site's `ForeignFiles`; ``carry(_:from:to:)``).
        case carry(String)
        /// `merge`: a shard's file (at `source`) whose shard manifest vouches for it, hard-linked in when it is still
        /// the inode the shard's listing saw; on another file system, copied once its bytes have the SHA-256 the
        /// manifest records.
        case adopt(String, source: String, listed: ListedFile, sha256: String)
    }

    /// What an appended file came to.
    package struct Appended {
        package var size: Int
        package var sha256: String
    }

    package let staging: String
    package let published: String
    package let capacity: Int
    /// True when the staging folder started as a copy of the published site (hard links).
    package let mirrorsPublished: Bool
    private let appendPaths: [String]
    private let abortAfterFiles: Int?
    /// Starts the staged files' write-back as they are written (see ``EarlyWriteback``).
    package let writeback: EarlyWriteback

    /// Writer threads.
    package let lanes: Int

    /// The queue's lock, which its threads also wait on (a ``Monitor``): the properties below are touched only under
    /// it.
    private let condition = Monitor(())
    /// Batches any lane may take, with their sizes in bytes (as ``size(of:)`` counts them).
    private var queue: [(operations: [Operation], bytes: Int)] = []
    /// Batches that append to the finance CSVs: lane 0 takes them, in order.
    private var ordered: [(operations: [Operation], bytes: Int)] = []
    /// Bytes of the queued batches and of those the lanes are writing (``size(of:)``).
    private var queuedBytes = 0
    private var closed = false
    private var lanesDone = 0
    private var failure: SystemError?
    /// The lanes' CPU time and the render workers' time waiting for room in the queue (``timing``).
    private var laneTime = Duration.zero
    private var waitTime = Duration.zero
    private var threads: [Thread] = []

    // Lane 0's state: the append files.
    private var appendDescriptors: [Int32] = []
    private var appendHashers: [SHA256] = []
    private var appendSizes: [Int] = []
    /// The published files ``Operation/appendPublished(_:offset:count:)`` reads, by append index, opened when first
    /// needed.
    private var publishedAppends: [Int32?] = []

    /// What the lanes share: the folders made, the paths written, where the site differs, the counts.
    package struct Shared {
        var folders = Set<String>()
        var operations = 0
        var carried = 0
        var log = DifferenceLog()
        /// Kept only when staging mirrors the published site (``mirrorsPublished``): nothing else asks.
        var written = WrittenPaths()
    }
    package let shared = Mutex(Shared())

    /// Files and links carried over by ``Operation/carry(_:)``; read after ``finish(flushing:)``.
    package var carried: Int { shared.withLock { $0.carried } }

    /// The writer lanes for `workers` render workers: one per four, at least one, at most eight.
    package static func lanes(workers: Int) -> Int { min(8, max(1, workers / 4)) }

    /// Creates the staging folder and the append files (each starting with `header`), and starts the thread.
    package init(
        staging: URL, published: URL, appendFiles: [(path: String, header: String)], mirrorsPublished: Bool = false,
        capacity: Int = 64 << 20, abortAfterFiles: Int? = nil, lanes: Int = 1
    ) throws(SystemError) {
        self.lanes = max(1, lanes)
        self.staging = staging.path
        self.published = published.path
        self.mirrorsPublished = mirrorsPublished
        self.capacity = capacity
        self.appendPaths = appendFiles.map(\.path)
        publishedAppends = Array(repeating: nil, count: appendFiles.count)
        self.abortAfterFiles = abortAfterFiles
        try SystemFile.makeFolders(staging.path)
        writeback = try EarlyWriteback(folder: staging.path)
        shared.withLock { _ = $0.folders.insert(staging.path) }
        for file in appendFiles {
            let path = try prepare(file.path)
            try clear(file.path)
            let descriptor = Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
            guard descriptor >= 0 else { throw SystemError("create", path) }
            appendDescriptors.append(descriptor)
            appendHashers.append(SHA256())
            appendSizes.append(0)
            try append(appendDescriptors.count - 1, Data(file.header.utf8))
        }
        for lane in 0..<self.lanes {
            let thread = Thread { [self] in run(lane: lane) }
            thread.name = "ledgerpress-writer-\(lane)"
            threads.append(thread)
        }
        for thread in threads { thread.start() }
    }

    deinit {
        for descriptor in appendDescriptors { close(descriptor) }
        for case let descriptor? in publishedAppends { close(descriptor) }
    }

    /// True once a write failed: workers may stop early, ``finish()`` throws the failure.
    package var failed: Bool { condition.withLock { _ in failure != nil } }

    /// Queues operations, waiting while the queue and the batches being written hold more than ``capacity`` bytes.
    package func submit(_ operations: [Operation]) {
        let bytes = operations.reduce(0) { $0 + StagingWriter.size(of: $1) }
        guard !operations.isEmpty else { return }
        let appends = operations.contains {
            switch $0 {
            case .append, .appendPublished: true
            default: false
            }
        }
        let start = ContinuousClock.now
        var first = true
        var waited = false
        condition.wait(
            until: { _ in
                let room = !(queuedBytes > 0 && queuedBytes + bytes > capacity && failure == nil)
                if first { (first, waited) = (false, !room) }
                return room
            },
            then: { _ in
                if waited { waitTime += start.duration(to: .now) }
                if appends { ordered.append((operations, bytes)) } else { queue.append((operations, bytes)) }
                queuedBytes += bytes
            })
    }

    /// Waits until every queued operation is done and, when `flushing`, until the staged files are on the
    /// disk; the sizes and digests of the append files, or the first failure (of a write or of write-back).
    package func finish(flushing: Bool = true) throws(SystemError) -> [Appended] {
        condition.withLock { _ in closed = true }
        let failure = condition.wait(until: { _ in lanesDone >= lanes }, then: { _ in self.failure })
        if let failure {
            try? writeback.finish(flushing: false)
            throw failure
        }
        var result: [Appended] = []
        for index in appendDescriptors.indices {
            guard close(appendDescriptors[index]) == 0 else {
                throw SystemError("write", staging + "/" + appendPaths[index])
            }
            result.append(Appended(size: appendSizes[index], sha256: Hex.lowercase(appendHashers[index].finalize())))
        }
        appendDescriptors = []
        try writeback.finish(flushing: flushing)
        return result
    }

    /// Where the writer's time went, once ``finish(flushing:)`` returned: the CPU time of its lanes, and how long
    /// the render workers waited, all together, for room in the queue (a writer that cannot keep up).
    package var timing: (lanes: Duration, waited: Duration) { condition.withLock { _ in (laneTime, waitTime) } }

    /// The memory an operation holds while queued: its slot in the batch, its paths' heap blocks, and the bytes or
    /// names it carries.
    private static func size(of operation: Operation) -> Int {
        let slot = MemoryLayout<Operation>.stride
        switch operation {
        case .file(let path, let bytes): return slot + heap(path) + bytes.count
        case .append(_, let bytes): return slot + bytes.count
        case .link(let path), .carry(let path): return slot + heap(path)
        case .adopt(let path, let source, _, _): return slot + heap(path) + heap(source) + 32
        case .appendPublished: return slot
        case .links(let folder, let names): return slot + heap(folder) + 16 * names.count
        case .prune(let folder, let names, let published):
            return slot + heap(folder) + 32 * names.count + 32 * (published?.count ?? 0)
        case .verify(let folder, let names, let inodes):
            return slot + heap(folder) + 16 * names.count + 8 * inodes.count
        }
    }

    /// A String's own heap block: none up to 15 bytes (held in the String itself), else a 32-byte header and the bytes.
    private static func heap(_ text: String) -> Int {
        let count = text.utf8.count
        return count > 15 ? 32 + count : 0
    }

    /// A lane: takes batches until the queue is closed and empty. Lane 0 takes the append batches first (in
    /// order), then any batch; the others take their share of the open batches (all of them when alone).
    private func run(lane: Int) {
        while true {
            guard
                case (var batch, let bytes, let stop)? = condition.wait(
                    until: { _ in !(queue.isEmpty && (lane != 0 || ordered.isEmpty) && !closed) },
                    then: { _ -> (batch: [Operation], bytes: Int, stop: Bool)? in
                        var batch: [Operation] = []
                        var bytes = 0
                        if lane == 0, !ordered.isEmpty {
                            for job in ordered {
                                batch += job.operations
                                bytes += job.bytes
                            }
                            ordered = []
                        } else if !queue.isEmpty {
                            let share = lanes == 1 ? queue.count : max(1, queue.count / lanes)
                            for job in queue.prefix(share) {
                                batch += job.operations
                                bytes += job.bytes
                            }
                            queue.removeFirst(share)
                        } else {
                            // Closed, and nothing left that this lane may take.
                            if lane != 0 || ordered.isEmpty {
                                lanesDone += 1
                                laneTime += .nanoseconds(ThreadCPUTime.nanoseconds())
                                return nil
                            }
                        }
                        return (batch, bytes, failure != nil)
                    })
            else { return }
            var failed: SystemError?
            if !stop, !batch.isEmpty {
                do throws(SystemError) { try perform(batch: batch) } catch { failed = error }
            }
            // The batch's bytes leave the count once they are written (and freed), not when the lane takes them:
            // so the queue and the batches being written hold at most ``capacity`` bytes together.
            batch = []
            condition.withLock { _ in
                queuedBytes -= bytes
                if let failed, failure == nil { failure = failed }
            }
        }
    }

    /// The batch in order, except for its links when staging starts empty: a link depends on nothing else in the
    /// batch (each path is staged once, a folder is made by whichever operation needs it first, and a prune only
    /// removes names the payee no longer has), so all of a batch's links are made first, on two threads when
    /// there are many. On a night without a spare site they are most of the work: about 165 per payee whose
    /// folder changed, between the few files that payee writes. When staging mirrors the published site, a link
    /// is already there and needs nothing.
    private func perform(batch: [Operation]) throws(SystemError) {
        if !mirrorsPublished {
            var links: [Operation] = []
            var others: [Operation] = []
            var linkCount = 0
            for operation in batch {
                switch operation {
                case .link:
                    links.append(operation)
                    linkCount += 1
                case .links(_, let names):
                    links.append(operation)
                    linkCount += names.count
                default: others.append(operation)
                }
            }
            if linkCount >= StagingWriter.parallelLinks {
                try link(links[...])
                try performInOrder(others[...])
                return
            }
        }
        try performInOrder(batch[...])
    }

    /// Operations one after the other, but a run of a shard folder's files (``Operation/adopt(_:source:listed:sha256:)``
    /// of one folder) at once: that folder and staging's opened once, each file linked by name.
    private func performInOrder(_ operations: ArraySlice<Operation>) throws(SystemError) {
        var index = operations.startIndex
        while index < operations.endIndex {
            if case .adopt(let path, let source, _, _) = operations[index] {
                let folder = StagingWriter.folder(of: path)
                let sourceFolder = StagingWriter.folder(of: source)
                var end = index + 1
                while end < operations.endIndex, case .adopt(let next, let nextSource, _, _) = operations[end],
                    StagingWriter.folder(of: next) == folder, StagingWriter.folder(of: nextSource) == sourceFolder
                {
                    end += 1
                }
                try adopt(operations[index..<end], folder: folder, from: sourceFolder)
                index = end
                continue
            }
            try perform(operations[index])
            index += 1
        }
    }

    /// The folder part of a path ("" when it has none).
    package static func folder(of path: String) -> Substring {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return path[..<slash]
    }

    /// Below this many links in a batch, they are made one by one on the writer thread.
    package static let parallelLinks = 256

    /// Links a run of unchanged files: their folders made here first, then each folder's links on one of two
    /// threads (two threads in one folder would wait on its lock). Each folder is opened once on both sides and
    /// its files linked by name (`linkat`), so the kernel walks no path per file. The first failure is thrown once
    /// both are done.
    private func link(_ run: ArraySlice<Operation>) throws(SystemError) {
        var lanes: [[LinkFolder]] = [[], []]
        var laneLinks = [0, 0]
        var lane = 0
        var lastFolder: Substring?
        var count = 0
        for operation in run {
            switch operation {
            case .link(let path):
                let slash = path.utf8.lastIndex(of: UInt8(ascii: "/"))
                let folder = slash.map { path[..<$0] } ?? ""
                if folder != lastFolder {
                    _ = try prepare(path)
                    lane = laneLinks[0] <= laneLinks[1] ? 0 : 1
                    lanes[lane].append(LinkFolder(folder: String(folder), names: []))
                    lastFolder = folder
                }
                lanes[lane][lanes[lane].count - 1].names.append(
                    String(slash.map { path[path.index(after: $0)...] } ?? path[...]))
                laneLinks[lane] += 1
                count += 1
            case .links(let folder, let names):
                try prepareFolder(folder)
                lane = laneLinks[0] <= laneLinks[1] ? 0 : 1
                lanes[lane].append(LinkFolder(folder: folder, names: names))
                lastFolder = nil
                laneLinks[lane] += names.count
                count += names.count
            default:
                continue
            }
        }
        let failures = LinkFailures()
        let ready = lanes
        let (published, staging) = (self.published, self.staging)
        DispatchQueue.concurrentPerform(iterations: ready.count) { index in
            for folder in ready[index] {
                if let failure = folder.link(from: published, to: staging) {
                    failures.record(failure)
                    return
                }
            }
        }
        if let failure = failures.first { throw failure }
        counted(count)
    }

    private func perform(_ operation: Operation) throws(SystemError) {
        switch operation {
        case .file(let path, let bytes):
            let target = try prepare(path)
            try clear(path)
            try SystemFile.create(target, bytes: bytes)
            writeback.wrote(bytes.count)
        case .link(let path):
            if mirrorsPublished { return }
            let target = try prepare(path)
            guard Glibc.link(published + "/" + path, target) == 0 else {
                throw SystemError("link the unchanged", published + "/" + path)
            }
        case .links(let folder, let names):
            if mirrorsPublished { return }
            try prepareFolder(folder)
            if let failure = LinkFolder(folder: folder, names: names).link(from: published, to: staging) {
                throw failure
            }
            counted(names.count)
            return
        case .append(let index, let bytes):
            try append(index, bytes)
            return
        case .appendPublished(let index, let offset, let count):
            try append(index, try readPublished(index, offset: offset, count: count))
            return
        case .prune(let folder, let names, let published):
            try prune(folder, keeping: names, published: published)
            return
        case .verify(let folder, let names, let inodes):
            // Queued only for a folder its render worker found different (``SitePipeline/reusedOutput``), in
            // staging that started from the spare: a prune that keeps the plan's names, by the plan's listing.
            try prune(
                folder, keeping: Set(names),
                published: Dictionary(zip(names, inodes), uniquingKeysWith: { first, _ in first }))
            return
        case .adopt(let path, let source, _, _):
            try adopt(
                [operation][...], folder: StagingWriter.folder(of: path), from: StagingWriter.folder(of: source))
            return
        case .carry(let name):
            let count = try StagingWriter.carry(name, from: published, to: staging)
            shared.withLock { $0.carried += count }
            return
        }
        counted(1)
    }

    /// Counts staged files, for the test hook that aborts after so many.
    package func counted(_ count: Int) {
        let operations = shared.withLock { shared in
            shared.operations += count
            return shared.operations
        }
        if let limit = abortAfterFiles, operations >= limit { abort() }
    }

    /// `count` bytes at `offset` of the published file at append path `index` (lane 0 only, as every append).
    private func readPublished(_ index: Int, offset: Int, count: Int) throws(SystemError) -> Data {
        let path = published + "/" + appendPaths[index]
        let descriptor: Int32
        if let open = publishedAppends[index] {
            descriptor = open
        } else {
            descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
            guard descriptor >= 0 else { throw SystemError("read", path) }
            publishedAppends[index] = descriptor
        }
        let (bytes, failure) = SystemFile.readFully(descriptor, at: offset, count: count)
        if failure != 0 { throw SystemError("read", path, code: failure) }
        return bytes
    }

    private func append(_ index: Int, _ bytes: Data) throws(SystemError) {
        try SystemFile.write(appendDescriptors[index], bytes, path: staging + "/" + appendPaths[index])
        appendHashers[index].update(data: bytes)
        appendSizes[index] += bytes.count
        writeback.wrote(bytes.count)
    }

    /// The staging path of a site path, its folder created the first time it is needed.
    package func prepare(_ path: String) throws(SystemError) -> String {
        let full = staging + "/" + path
        if let slash = full.utf8.lastIndex(of: UInt8(ascii: "/")) {
            try makeFolder(String(full[..<slash]))
        }
        return full
    }

    /// Creates the staging folder of a site folder (`payees/x`), unless it was made already.
    private func prepareFolder(_ folder: String) throws(SystemError) {
        try makeFolder(folder.isEmpty ? staging : staging + "/" + folder)
    }

    private func makeFolder(_ folder: String) throws(SystemError) {
        if !shared.withLock({ $0.folders.contains(folder) }) {
            try SystemFile.makeFolders(folder)
            shared.withLock { _ = $0.folders.insert(folder) }
        }
    }
}

/// The unchanged files of one folder, linked by name from the published site's folder into staging's.
private struct LinkFolder {
    package var folder: String
    package var names: [String]

    /// The first failure, naming the published file (or folder) that could not be linked.
    package func link(from published: String, to staging: String) -> SystemError? {
        let (from, to) = (published + "/" + folder, staging + "/" + folder)
        let source = open(folder.isEmpty ? published : from, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard source >= 0 else { return SystemError("link the unchanged files of", from) }
        defer { close(source) }
        let target = open(folder.isEmpty ? staging : to, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard target >= 0 else { return SystemError("link the unchanged files into", to) }
        defer { close(target) }
        for name in names where linkat(source, name, target, name, 0) != 0 {
            return SystemError("link the unchanged", (folder.isEmpty ? published : from) + "/" + name)
        }
        return nil
    }
}

/// The first link that failed, of either thread.
private final class LinkFailures: Sendable {
    private let failure = Mutex<SystemError?>(nil)

    package func record(_ error: SystemError) {
        failure.withLock { failure in
            if failure == nil { failure = error }
        }
    }

    package var first: SystemError? { failure.withLock { $0 } }
}
