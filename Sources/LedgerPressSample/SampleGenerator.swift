import LedgerPressCore

/// What to generate.
public struct SampleOptions: Sendable, Equatable {
    public var entries: Int
    public var payees: Int
    public var seed: UInt64

    public init(entries: Int, payees: Int, seed: UInt64 = 1) {
        self.entries = entries
        self.payees = payees
        self.seed = seed
    }
}

/// A deterministic generator of realistic native ledgers: drivers with jobs (customer price and the
/// platform's commission under one reference), tips and adjustments; merchants with sales, card fees,
/// refunds and tips; weekly payouts (paid, processing, pending, the odd failed one and its reversal);
/// a few EUR and JPY payees; most drivers' jobs with a distance (miles in the Americas, kilometres elsewhere) and
/// two payouts in three with their arrival date (two days after the payout); names and descriptions with commas, quotes, accents, newlines and
/// Markdown/HTML/formula characters.
public enum SampleGenerator {
    public static let header =
        "id,occurred_at,payee_id,payee_type,payee_name,kind,amount,currency,reference,description,payout_id,payout_status,payout_arrival,distance,distance_unit"

    struct SamplePayee {
        var id: String
        var type: PayeeType
        var name: String
        var zone: String
        var currency: Currency
        var locale: String
    }

    static let names = [
        "Ann Lee", "José Müller", "Zoë O'Brien", "Kenji Watanabe", "Amara Okafor", "Lars \"Lasse\" Berg",
        "Fatima Zahra, Jr.",
        "Émile Durand", "Priya *Star* Nair", "<b>Bold</b> Bob", "=HYPERLINK(\"http://evil\")", "+Chen Wei",
        "@mention Sam",
        "-Dash Dana", "Grace [Hopper](http://evil.example)", "# Not a heading", "Mia\nNewline",
    ]
    static let shops = [
        "Corner Café", "Bäckerei Schmidt", "Tacos \"El Rey\"", "Books, Maps & More", "<script>alert(1)</script> Shop",
        "Flowers *and* Plants", "Le Petit Marché",
    ]
    /// (time zone, currency, locale) of the sample's payees; every code is ISO 4217, so none is dropped.
    static let zones: [(String, Currency, String)] = [
        ("America/New_York", "USD", "en_US"), ("America/Los_Angeles", "USD", "en_US"), ("UTC", "USD", "en_US"),
        ("America/New_York", "USD", "en_US"), ("Europe/Berlin", "EUR", "de_DE"), ("Europe/Paris", "EUR", "fr_FR"),
        ("America/Los_Angeles", "USD", "en_US"), ("America/New_York", "USD", "en_US"), ("Asia/Tokyo", "JPY", "ja_JP"),
        ("UTC", "USD", "en_US"),
    ].compactMap { zone, code, locale in Currency(code: code).map { (zone, $0, locale) } }
    static let descriptions = [
        "Airport run", "Downtown, 2 stops", "Late night \"surge\"", "Trip to Café Zoë", "**bold** claim",
        "<img src=x onerror=alert(1)>",
        "[click](javascript:alert(1))", "=SUM(A1:A9)", "Line one\nLine two", "Groceries & more", "",
    ]

    static func payees(_ options: SampleOptions) -> [SamplePayee] {
        var rng = SplitMix64(seed: options.seed ^ 0x5EED)
        return (0..<options.payees).map { i in
            let isDriver = i % 10 < 7
            let number = String(i + 1)
            let padded = String(repeating: "0", count: max(0, 4 - number.count)) + number
            let zone = zones[rng.int(0...(zones.count - 1))]
            let name = isDriver ? rng.pick(names) : rng.pick(shops)
            return SamplePayee(
                id: (isDriver ? "drv_" : "mer_") + padded, type: isDriver ? .driver : .merchant, name: name,
                zone: zone.0,
                currency: zone.1, locale: zone.2)
        }
    }

    public static func ledgerCSV(_ options: SampleOptions) -> String {
        var out = ""
        writeLedger(options) { out += $0 }
        return out
    }

    public static func payeesCSV(_ options: SampleOptions) -> String {
        var out = "payee_id,payee_type,name,email,timezone,locale\n"
        for payee in payees(options) {
            out +=
                [payee.id, payee.type.rawValue, cell(payee.name), payee.id + "@example.com", payee.zone, payee.locale]
                .joined(separator: ",") + "\n"
        }
        return out
    }

    /// Streams the ledger in chunks (one payee at a time), so large ledgers need little memory.
    public static func writeLedger(_ options: SampleOptions, into sink: (String) -> Void) {
        write(options, ledger: sink)
    }

    /// The same entries as `ledgerCSV` as an hledger / ledger-cli 3 journal: one transaction per entry.
    public static func journal(_ options: SampleOptions) -> String {
        var out = ""
        write(options, ledger: { _ in }, journal: { out += $0 })
        return out
    }

    /// Streams the ledger and, when `journal` is given, the same entries as a journal (see
    /// `SampleRow.journalTransaction`), one payee at a time.
    ///
    /// Returns the latest local date of any row (what `writeLate` needs), nil for an empty sample.
    @discardableResult
    public static func write(_ options: SampleOptions, ledger: (String) -> Void, journal: ((String) -> Void)? = nil)
        -> CivilDate?
    {
        ledger(header + "\n")
        journal?(journalHeader(options, what: "the sample"))
        var lastDay: CivilDate?
        forEachPayee(options) { rows in
            emit(rows, ledger: ledger, journal: journal)
            lastDay = later(lastDay, rows.lazy.compactMap(\.localDate).max())
        }
        return lastDay
    }

    /// The latest local date of any row of the sample (generated, not written).
    public static func lastDay(_ options: SampleOptions) -> CivilDate? {
        var lastDay: CivilDate?
        forEachPayee(options) { rows in lastDay = later(lastDay, rows.lazy.compactMap(\.localDate).max()) }
        return lastDay
    }

    static func forEachPayee(_ options: SampleOptions, _ body: ([SampleRow]) -> Void) {
        let all = payees(options)
        for (index, payee) in all.enumerated() {
            let quota = options.entries / all.count + (index < options.entries % all.count ? 1 : 0)
            var rng = SplitMix64(seed: options.seed &* 0x1000_0001 &+ UInt64(index))
            body(PayeeHistory(payee: payee, quota: quota, rng: rng).rows(&rng))
        }
    }

    static func later(_ a: CivilDate?, _ b: CivilDate?) -> CivilDate? {
        guard let a else { return b }
        guard let b else { return a }
        return Swift.max(a, b)
    }

    static func emit(_ rows: [SampleRow], ledger: (String) -> Void, journal: ((String) -> Void)?) {
        var text = ""
        for row in rows { text += row.csvLine + "\n" }
        ledger(text)
        guard let journal else { return }
        text = ""
        for row in rows { text += row.journalTransaction }
        journal(text)
    }

    static func journalHeader(_ options: SampleOptions, what: String) -> String {
        "; ledgerpress sample --entries \(options.entries) --payees \(options.payees) --seed \(options.seed): \(what)\n"
            + "; one transaction per ledger entry, dated by the payee's local date, posted to payees:<payee_id>:<kind>\n\n"
    }

    /// RFC 4180 quoting where needed.
    static func cell(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }
}
