// fuzz-needs: LedgerPressCore LedgerPressImport Yams CYaml
// fuzz-support: ImportChecks
// From native ledger bytes to statements, as `build` computes them (import, ledger, StatementBuilder per
// payee): never traps — a total past Int64 is the typed BookOverflow — and every statement's figures
// add up: each kind's total is the sum of its lines, net activity is the sum of the kinds, closing is
// opening + net activity + payouts, take is earnings + fees. The first byte picks the payees' zone
// (UTC, New York, Kathmandu +05:45, Chatham +12:45/+13:45, Lord Howe's 30-minute DST) and the periods.
import LedgerPressCore
@testable import LedgerPressImport

let zones = ["UTC", "America/New_York", "Asia/Kathmandu", "Pacific/Chatham", "Australia/Lord_Howe"].compactMap { ZoneClock(identifier: $0) }
let selections = [
    PeriodSelection(), PeriodSelection(kinds: [.week]),
    PeriodSelection(kinds: [.month], ranges: [PeriodSelection.parseRange("2026-10-01..2026-10-15")].compactMap { $0 }),
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0, !zones.isEmpty else { return 0 }
    let zone = zones[Int(data[0] & 7) % zones.count]
    let selection = selections[Int(data[0] >> 3) % selections.count]
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let result = NativeLedgerImporter.read(bytes: bytes, file: "fuzz.csv")
    ImportChecks.verify(result, bytes: bytes, file: "fuzz.csv")
    var log = DiagnosticLog()
    var ledger = Ledger()
    for row in result.rows { ledger.add(row: result.entries(of: row), diagnostics: &log) }
    let byPayee = Dictionary(grouping: ledger.entries, by: \.payeeID)
    let builder = StatementBuilder(selection: selection)
    for (id, entries) in byPayee.sorted(by: { $0.key < $1.key }) {
        guard let type = entries.first?.payeeType else { continue }
        let payee = Payee(id: id, type: type, name: id, timeZone: zone.identifier, locale: "en_US")
        let book: PayeeBook
        do { book = try builder.book(for: payee, entries: entries, zone: zone) } catch { continue }
        for statement in book.statements {
            for section in statement.sections {
                let f = section.figures
                for kind in EntryKind.allCases {
                    let lines = section.lines.reduce(Int128(0)) { $0 + Int128($1.figures[kind]) }
                    check(Int128(f[kind]) == lines, "\(id) \(statement.period.label) \(kind): total \(f[kind]) is not the sum of the lines \(lines)")
                }
                let kinds = Int128(f.earnings) + Int128(f.tips) + Int128(f.fees) + Int128(f.adjustments) + Int128(f.refunds)
                check(Int128(f.netActivity) == kinds, "\(id) \(statement.period.label): net activity is not the sum of the kinds")
                check(Int128(f.closingBalance) == Int128(f.openingBalance) + Int128(f.netActivity) + Int128(f.payouts), "\(id) \(statement.period.label): closing is not opening + activity + payouts")
                check(Int128(f.take) == Int128(f.earnings) + Int128(f.fees), "\(id) \(statement.period.label): take is not earnings + fees")
            }
        }
    }
    return 0
}
