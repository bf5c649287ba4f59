import LedgerPressSample

extension Engine {
    /// What `ledgerpress sample` writes: a deterministic ledger of `entries` rows for `payees` payees, and
    /// optionally its payees file, the same entries as a journal, and `late` rows dated after the sample's last day.
    public struct SampleRequest: Sendable {
        public var entries: Int
        public var payees: Int
        public var seed: UInt64
        /// The ledger's file; nil for standard output.
        public var ledger: String?
        public var payeesFile: String?
        public var journal: String?
        /// The late rows' count and file (both or neither).
        public var late: (count: Int, file: String)?

        public init(
            entries: Int, payees: Int, seed: UInt64, ledger: String?, payeesFile: String?, journal: String?,
            late: (count: Int, file: String)?
        ) {
            self.entries = entries
            self.payees = payees
            self.seed = seed
            self.ledger = ledger
            self.payeesFile = payeesFile
            self.journal = journal
            self.late = late
        }
    }

    /// Writes the sample's files, as a shell's `>` would (``SampleFile``); a file that cannot be created or written
    /// stops with 73, naming it.
    public static func writeSample(_ request: SampleRequest) throws(BuildStop) {
        let options = SampleOptions(entries: request.entries, payees: request.payees, seed: request.seed)
        let ledger = try SampleFile(path: request.ledger)
        let journal: SampleFile?
        if let path = request.journal { journal = try SampleFile(path: path) } else { journal = nil }
        let lastDay = SampleGenerator.write(options, ledger: ledger.append, journal: journal?.append)
        try ledger.close()
        try journal?.close()
        if let payeesOut = request.payeesFile {
            let file = try SampleFile(path: payeesOut)
            file.append(SampleGenerator.payeesCSV(options))
            try file.close()
        }
        if let late = request.late {
            let file = try SampleFile(path: late.file)
            SampleGenerator.writeLate(options, count: late.count, after: lastDay, ledger: file.append)
            try file.close()
        }
    }
}
