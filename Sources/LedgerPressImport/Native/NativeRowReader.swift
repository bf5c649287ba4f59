import LedgerPressCore

/// Reads a native row that is entirely good straight from the reader's field bytes: times, amounts,
/// codes and kinds parsed from bytes, text made only for the fields an entry keeps, repeated texts
/// (payee ids and names, descriptions, references, payout ids) shared through ``StringPool``s.
///
/// > Note: a shortcut, never a second opinion: it returns a row only when every field is one that
/// > ``NativeLedgerImporter/parseRow(_:line:header:table:)`` accepts, and then the values of exactly the entry that
/// > function makes; for anything else (a problem, or text it does not decide on bytes, such as
/// > non-ASCII kinds or codes) it returns nil and the row goes through `parseRow`, which reports.
struct NativeRowReader {
    struct Columns {
        let id, occurredAt, payeeID, payeeType, kind, amount, currency: Int
        let payeeName, reference, description, payoutID, payoutStatus: Int?
        let payoutArrival, distance, distanceUnit: Int?

        init?(_ header: HeaderMap) {
            guard let id = header.column("id"), let occurredAt = header.column("occurred_at"),
                let payeeID = header.column("payee_id"),
                let payeeType = header.column("payee_type"), let kind = header.column("kind"),
                let amount = header.column("amount"),
                let currency = header.column("currency")
            else { return nil }
            (self.id, self.occurredAt, self.payeeID, self.payeeType, self.kind, self.amount, self.currency) =
                (id, occurredAt, payeeID, payeeType, kind, amount, currency)
            payeeName = header.column("payee_name")
            reference = header.column("reference")
            description = header.column("description")
            payoutID = header.column("payout_id")
            payoutStatus = header.column("payout_status")
            payoutArrival = header.column("payout_arrival")
            distance = header.column("distance")
            distanceUnit = header.column("distance_unit")
        }
    }

    let columns: Columns
    private var payeeIDs = StringPool()
    private var names = StringPool()
    private var references = StringPool()
    private var descriptions = StringPool()
    private var payoutIDs = StringPool()
    /// Currencies by their three upper-case ASCII letters.
    private var currencies: [UInt32: Currency] = [:]

    init?(header: HeaderMap) {
        guard let columns = Columns(header) else { return nil }
        self.columns = columns
    }

    /// A good row's values, read on bytes: what its ``LedgerEntry`` is made of. Making the entry (its texts
    /// numbered, its box allocated) is left to ``entry(file:line:)``, so that a reader can hand it to another
    /// thread (``NativeLedgerImporter/readOverlapped(firstPiece:more:file:readers:chunkBytes:accept:)``).
    struct Row: Sendable {
        var id: String
        var occurredAt: Timestamp
        var payeeID: String
        var payeeType: PayeeType
        var payeeName: String?
        var kind: EntryKind
        var amount: Money
        var reference: String?
        var description: String?
        var payoutID: String?
        var payoutStatus: PayoutStatus?
        var payoutArrival: CivilDate? = nil
        var distance: Distance? = nil

        /// The entry's values, its texts numbered in a chunk's table.
        func numbered(in texts: inout ChunkTexts) -> NumberedEntry {
            texts.entry(
                id: id, occurredAt: occurredAt, payeeID: payeeID, payeeType: payeeType, payeeName: payeeName,
                kind: kind, amount: amount, reference: reference, description: description, payoutID: payoutID,
                payoutStatus: payoutStatus, payoutArrival: payoutArrival, distance: distance)
        }

        /// The entry, read from `file` at `line`, its texts in `texts`.
        func entry(file: String, line: Int, texts: EntryTexts) -> LedgerEntry {
            LedgerEntry(
                id: id, occurredAt: occurredAt, payeeID: payeeID, payeeType: payeeType, payeeName: payeeName,
                kind: kind, amount: amount, reference: reference, description: description, payoutID: payoutID,
                payoutStatus: payoutStatus, payoutArrival: payoutArrival, distance: distance,
                source: SourceLocation(file: file, line: line), texts: texts)
        }
    }

    /// The row's values, or nil when the row must go through `parseRow`.
    mutating func row(_ reader: CSVReader) -> Row? {
        let c = columns
        guard let id = reader.withField(c.id, { Self.text($0, .identifier) }),
            let payeeID = reader.withField(c.payeeID, { Self.text($0, .identifier, pool: &payeeIDs) }),
            let occurred = reader.withField(c.occurredAt, { $0.isEmpty ? nil : try? RFC3339.read(bytes: $0).get() }),
            let payeeType = reader.withField(c.payeeType, { Self.word($0, PayeeType.allCases) }),
            let kind = reader.withField(c.kind, { Self.word($0, EntryKind.allCases) }),
            let currency = reader.withField(c.currency, { currency($0) }),
            let minorUnits = reader.withField(
                c.amount, { $0.isEmpty ? nil : try? AmountParser.parse(bytes: $0, exponent: currency.exponent).get() })
        else { return nil }
        guard let name = Self.optionalText(reader, c.payeeName, .name, &names),
            let reference = Self.optionalText(reader, c.reference, .identifier, &references),
            let description = Self.optionalText(reader, c.description, .description, &descriptions),
            let payoutID = Self.optionalText(reader, c.payoutID, .identifier, &payoutIDs)
        else { return nil }
        var status: PayoutStatus?
        if let column = c.payoutStatus {
            let found: PayoutStatus?? = reader.withField(column) {
                $0.isEmpty ? .some(nil) : Self.word($0, PayoutStatus.allCases).map { .some($0) }
            }
            guard let found else { return nil }
            status = found
        }
        func optional(_ column: Int?) -> String?? {
            guard let column else { return .some(nil) }
            return reader.withField(column) { $0.isEmpty ? .some(nil) : .some(String(decoding: $0, as: UTF8.self)) }
        }
        guard let arrivalText = optional(c.payoutArrival), let distanceText = optional(c.distance),
            let unitText = optional(c.distanceUnit),
            case .success(let extras) = NativeLedgerImporter.extras(
                kind: kind, arrival: arrivalText, distance: distanceText, unit: unitText)
        else { return nil }
        return Row(
            id: id, occurredAt: occurred, payeeID: payeeID, payeeType: payeeType, payeeName: name, kind: kind,
            amount: Money(minorUnits: minorUnits, currency: currency), reference: reference, description: description,
            payoutID: payoutID, payoutStatus: status, payoutArrival: extras.arrival, distance: extras.distance)
    }

    /// An optional text field: `.some(nil)` when absent or empty, `.some(text)` when it keeps `rule`, nil otherwise.
    static func optionalText(_ reader: CSVReader, _ column: Int?, _ rule: TextRule, _ pool: inout StringPool)
        -> String??
    {
        guard let column else { return .some(nil) }
        return reader.withField(column) { bytes -> String?? in
            guard !bytes.isEmpty else { return .some(nil) }
            guard let text = text(bytes, rule, pool: &pool) else { return nil }
            return .some(text)
        }
    }

    /// The field's text when it is not empty and keeps `rule` (checked on bytes as ``TextRule/problem(with:)`` does).
    static func text(_ bytes: UnsafeBufferPointer<UInt8>, _ rule: TextRule) -> String? {
        guard !bytes.isEmpty, keeps(bytes, rule) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func text(_ bytes: UnsafeBufferPointer<UInt8>, _ rule: TextRule, pool: inout StringPool) -> String? {
        guard !bytes.isEmpty, keeps(bytes, rule) else { return nil }
        return pool.string(bytes)
    }

    /// No control character but TAB (and LF, CR where the rule allows line breaks), no C1 control, and
    /// at most the rule's bytes.
    static func keeps(_ bytes: UnsafeBufferPointer<UInt8>, _ rule: TextRule) -> Bool {
        guard bytes.count <= rule.maxBytes else { return false }
        let lineBreaks = rule.allowsLineBreaks
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte < 0x20 {
                guard byte == 0x09 || (lineBreaks && (byte == 0x0A || byte == 0x0D)) else { return false }
            } else if byte == 0x7F {
                return false
            } else if byte == 0xC2, i + 1 < bytes.count, bytes[i + 1] >= 0x80, bytes[i + 1] <= 0x9F {
                return false
            }
            i += 1
        }
        return true
    }

    /// The case whose raw value the ASCII field spells in any case (what `lowercased()` then `init(rawValue:)` finds).
    static func word<T: RawRepresentable>(_ bytes: UnsafeBufferPointer<UInt8>, _ cases: [T]) -> T?
    where T.RawValue == String {
        for candidate in cases where candidate.rawValue.utf8.count == bytes.count {
            var same = true
            for (byte, wanted) in zip(bytes, candidate.rawValue.utf8) {
                let lower = byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
                if lower != wanted {
                    same = false
                    break
                }
            }
            if same { return candidate }
        }
        return nil
    }

    /// A currency from three ASCII letters in any case; nil for anything else (which `Currency(code:)` then judges).
    mutating func currency(_ bytes: UnsafeBufferPointer<UInt8>) -> Currency? {
        guard bytes.count == 3 else { return nil }
        var key: UInt32 = 0
        for byte in bytes {
            let upper = byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte
            guard upper >= 0x41 && upper <= 0x5A else { return nil }
            key = key << 8 | UInt32(upper)
        }
        if let known = currencies[key] { return known }
        let code = String(
            decoding: [
                UInt8(truncatingIfNeeded: key >> 16), UInt8(truncatingIfNeeded: key >> 8),
                UInt8(truncatingIfNeeded: key),
            ], as: UTF8.self)
        guard let currency = Currency(code: code) else { return nil }
        currencies[key] = currency
        return currency
    }
}
