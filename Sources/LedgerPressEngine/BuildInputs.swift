import LedgerPressCore
import LedgerPressImport
import LedgerPressStore

/// What a build reads: the ledger's sources, the payees file, a mapping, and how to read them.
public struct BuildInputs: Sendable {
    public var sources: [any LedgerSource]
    /// The payees file (`--payees`): names, zones, locales, types.
    public var payees: (any LedgerSource)?
    /// A mapping file (`--mapping`) for inputs in any other CSV layout.
    public var mapping: (any LedgerSource)?
    /// `--format`: read every source as this format instead of recognising it by its header.
    public var format: InputFormat?
    /// `--payee ACCOUNT` (every single-account source) and `--payee FILE=ACCOUNT` (by source name).
    public var payee: String?
    public var payeeBySource: [String: String]
    /// `--payee-type`, for Stripe payees the payees file does not type.
    public var payeeType: PayeeType?
    /// `--source-timezone`: the zone of timestamps written without an offset.
    public var sourceZone: ZoneClock?
    /// `--max-errors`: at most this many problems are listed, then a count of the rest.
    public var maxErrors: Int
    /// Where the ledger's older records go, and how many stay in memory (the caller reads the environment once:
    /// ``LedgerSpill/init(environment:)``).
    public var spill: LedgerSpill

    public init(
        sources: [any LedgerSource], payees: (any LedgerSource)? = nil, mapping: (any LedgerSource)? = nil,
        format: InputFormat? = nil, payee: String? = nil, payeeBySource: [String: String] = [:],
        payeeType: PayeeType? = nil, sourceZone: ZoneClock? = nil, maxErrors: Int = 100,
        spill: LedgerSpill = .standard
    ) {
        self.sources = sources
        self.payees = payees
        self.mapping = mapping
        self.format = format
        self.payee = payee
        self.payeeBySource = payeeBySource
        self.payeeType = payeeType
        self.sourceZone = sourceZone
        self.maxErrors = maxErrors
        self.spill = spill
    }

    /// The importers' settings, once the payees file's types and the mapping are known.
    func settings(payeeTypes: [String: PayeeType], mapping: Mapping?) -> ImportSettings {
        ImportSettings(
            forcedFormat: format, payee: payee, payeeByFile: payeeBySource, payeeTypes: payeeTypes,
            defaultPayeeType: payeeType, sourceZone: sourceZone, mapping: mapping)
    }
}
