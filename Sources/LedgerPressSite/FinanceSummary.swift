import LedgerPressCore

/// Everything the finance index and the control totals are made of, in minor units: the ledger's
/// figures per currency, one row per payee and the statement count per period. A single run computes it
/// from its pages; a shard keeps its own in `shard.json`, and `merge` adds the shards' together and renders
/// the finance files with the same code, so a merged site equals a single run's byte for byte.
public struct FinanceSummary: Codable, Sendable, Equatable {
    /// The ledger's figures of one currency.
    public struct LedgerFigures: Codable, Sendable, Equatable {
        public var currency: String
        public var entries: Int
        public var earnings: Int64
        public var tips: Int64
        public var fees: Int64
        public var adjustments: Int64
        public var refunds: Int64
        public var payouts: Int64
        /// Sales tax collected for someone else; in `shard.json` only when not zero (a shard written before the
        /// kind existed has none).
        public var tax: Int64 = 0
        /// Balances brought forward (`opening_balance` entries, issue 50); in `shard.json` only when not zero.
        public var openingBalances: Int64 = 0

        enum CodingKeys: String, CodingKey {
            case currency, entries, earnings, tips, fees, adjustments, refunds, payouts, tax
            case openingBalances = "opening_balances"
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            currency = try c.decode(String.self, forKey: .currency)
            entries = try c.decode(Int.self, forKey: .entries)
            earnings = try c.decode(Int64.self, forKey: .earnings)
            tips = try c.decode(Int64.self, forKey: .tips)
            fees = try c.decode(Int64.self, forKey: .fees)
            adjustments = try c.decode(Int64.self, forKey: .adjustments)
            refunds = try c.decode(Int64.self, forKey: .refunds)
            payouts = try c.decode(Int64.self, forKey: .payouts)
            tax = try c.decodeIfPresent(Int64.self, forKey: .tax) ?? 0
            openingBalances = try c.decodeIfPresent(Int64.self, forKey: .openingBalances) ?? 0
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(currency, forKey: .currency)
            try c.encode(entries, forKey: .entries)
            try c.encode(earnings, forKey: .earnings)
            try c.encode(tips, forKey: .tips)
            try c.encode(fees, forKey: .fees)
            try c.encode(adjustments, forKey: .adjustments)
            try c.encode(refunds, forKey: .refunds)
            try c.encode(payouts, forKey: .payouts)
            if tax != 0 { try c.encode(tax, forKey: .tax) }
            if openingBalances != 0 { try c.encode(openingBalances, forKey: .openingBalances) }
        }

        /// The figures, every total checked (a shard's values are read from its file).
        func figures() throws(SiteError) -> Figures {
            do throws(MoneyOverflow) {
                return try Figures(
                    earnings: earnings, tips: tips, fees: fees, adjustments: adjustments, refunds: refunds,
                    payouts: payouts, tax: tax, broughtForward: openingBalances,
                    entries: entries)
            } catch {
                throw .ledgerOverflow(currency: currency, error)
            }
        }

        init(currency: String, figures f: Figures) {
            self.currency = currency
            entries = f.entries
            earnings = f.earnings
            tips = f.tips
            fees = f.fees
            adjustments = f.adjustments
            refunds = f.refunds
            payouts = f.payouts
            tax = f.tax
            openingBalances = f.broughtForward
        }
    }

    /// An amount in minor units of one currency.
    public struct Amount: Codable, Sendable, Equatable {
        public var currency: String
        public var amount: Int64
    }

    /// The sum of `net_activity + payouts` over a payee's statements of one kind and currency.
    public struct KindTotal: Codable, Sendable, Equatable {
        public var kind: String
        public var currency: String
        public var amount: Int64
    }

    /// A payee's line in the finance index, with the sizes of its blocks in the finance CSVs.
    public struct PayeeRow: Codable, Sendable, Equatable {
        public var id: String
        public var name: String
        public var type: String
        public var slug: String
        public var statementCount: Int
        /// All-time closing balance per currency, in currency order.
        public var balances: [Amount]
        public var latestMonth: String?
        public var kindTotals: [KindTotal]
        /// Bytes of this payee's rows in `finance/summary.csv`, `lines.csv` and `revisions.csv`.
        public var csvBytes: [Int]

        enum CodingKeys: String, CodingKey {
            case id, name, type, slug, balances
            case statementCount = "statement_count"
            case latestMonth = "latest_month"
            case kindTotals = "kind_totals"
            case csvBytes = "csv_bytes"
        }
    }

    /// How many statements were built for one period (kind, first day, end), for `verify`'s count check.
    public struct PeriodCount: Codable, Sendable, Equatable {
        public var kind: String
        public var start: String
        public var end: String
        public var statements: Int

        var period: Period? {
            guard let kind = PeriodKind(rawValue: kind), let start = CivilDate(iso: start),
                let end = CivilDate(iso: end)
            else { return nil }
            return Period(kind: kind, start: start, end: end)
        }
    }

    /// Sorted by currency code.
    public var ledger: [LedgerFigures]
    /// Sorted by payee id (UTF-8 bytes).
    public var payees: [PayeeRow]
    /// Newest period first.
    public var periods: [PeriodCount]

    var entryCount: Int { ledger.reduce(0) { $0 + $1.entries } }
    var statementCount: Int { payees.reduce(0) { $0 + $1.statementCount } }

    /// The summary of a run: the ledger's figures (every total checked), the payees' rows and the statements per period.
    static func checked(
        rows: [PayeeRow], periodCounts counts: [Period: Int], ledger: Result<[LedgerFigures], SiteError>
    ) throws(SiteError) -> FinanceSummary {
        FinanceSummary(ledger: try ledger.get(), payees: rows, periods: sortedCounts(counts))
    }

    /// The ledger's figures per currency as the summary lists them, or the total that does not fit: worked out
    /// before the run lets go of the ledger (``SitePipeline/run(payees:ledgerFigures:inputs:output:previous:stage:progress:)``
    /// throws it where it would have thrown it).
    public static func figures(of ledger: Ledger) -> Result<[LedgerFigures], SiteError> {
        Result { () throws(SiteError) in
            try ledgerFigures(ledger).map { LedgerFigures(currency: $0.currency.code, figures: $0.figures) }
        }
    }

    /// The figures of every entry of the ledger per currency (sorted by code), all payees together.
    static func ledgerFigures(_ ledger: Ledger) throws(SiteError) -> [(currency: Currency, figures: Figures)] {
        var figures: [Currency: Figures] = [:]
        var overflow: SiteError?
        ledger.forEachRecord { entry in
            guard overflow == nil else { return }
            let amount = entry.amount
            do throws(MoneyOverflow) {
                try figures[amount.currency, default: Figures()].add(entry.kind, amount.minorUnits)
            } catch {
                overflow = .ledgerOverflow(currency: amount.currency.code, error)
            }
        }
        if let overflow { throw overflow }
        return figures.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    static func sortedCounts(_ counts: [Period: Int]) -> [PeriodCount] {
        counts.sorted { $0.key > $1.key }.map { period, statements in
            PeriodCount(
                kind: period.kind.rawValue, start: period.start.description, end: period.end.description,
                statements: statements)
        }
    }

    /// The summary of the union of disjoint shards.
    static func combining(_ parts: [FinanceSummary]) throws(MergeFailure) -> FinanceSummary {
        var figures: [String: Figures] = [:]
        var counts: [Period: Int] = [:]
        var payees: [PayeeRow] = []
        for part in parts {
            for item in part.ledger {
                do {
                    try figures[item.currency, default: Figures()].absorb(try item.figures())
                } catch {
                    throw .mismatch("the shards' ledger figures of \(item.currency): \(error)")
                }
            }
            for count in part.periods {
                guard let period = count.period else {
                    throw .mismatch("a period count names an unknown period \(count.kind) \(count.start)..\(count.end)")
                }
                counts[period, default: 0] += count.statements
            }
            payees += part.payees
        }
        payees.sort { $0.id.utf8Precedes($1.id) }
        return FinanceSummary(
            ledger: figures.sorted { $0.key < $1.key }.map { LedgerFigures(currency: $0.key, figures: $0.value) },
            payees: payees,
            periods: sortedCounts(counts))
    }

    init(ledger: [LedgerFigures], payees: [PayeeRow], periods: [PeriodCount]) {
        self.ledger = ledger
        self.payees = payees
        self.periods = periods
    }
}

extension FinanceSummary.PayeeRow {
    /// A payee's row from their book: all-time balances and the sum of `net_activity + payouts` over the
    /// statements of each period kind (checked), with the sizes of their finance CSV blocks.
    init(book: PayeeBook, slug: String, csvBytes: [Int]) throws(SiteError) {
        var kindTotals: [PeriodKind: [Currency: Int64]] = [:]
        for statement in book.statements where statement.period.kind.isCalendar {
            for section in statement.sections {
                let kind = statement.period.kind
                let sum = kindTotals[kind]?[section.currency] ?? 0
                do throws(MoneyOverflow) {
                    kindTotals[kind, default: [:]][section.currency] = try MinorUnits.add(
                        sum, section.figures.movement,
                        total: "net activity and payouts of \(kind.rawValue) statements")
                } catch {
                    throw .payeeOverflow(
                        BookOverflow(
                            payeeID: book.payee.id, period: nil, currency: section.currency.code, overflow: error))
                }
            }
        }
        self.init(
            id: book.payee.id, name: book.payee.name, type: book.payee.type.rawValue, slug: slug,
            statementCount: book.statements.count,
            balances: book.allTime.map {
                FinanceSummary.Amount(currency: $0.currency.code, amount: $0.figures.closingBalance)
            },
            latestMonth: book.statements.last { $0.period.kind == .month }?.period.label,
            kindTotals: kindTotals.sorted { $0.key < $1.key }.flatMap { kind, totals in
                totals.sorted { $0.key < $1.key }.map {
                    FinanceSummary.KindTotal(kind: kind.rawValue, currency: $0.key.code, amount: $0.value)
                }
            },
            csvBytes: csvBytes)
    }
}
