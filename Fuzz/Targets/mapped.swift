// fuzz-needs: LedgerPressCore LedgerPressImport Yams CYaml
// fuzz-support: ImportChecks
// The mapped importer with fixed mappings (the first byte picks one): the two in Examples/mappings and
// a European one (`;`, decimal comma, `.` thousands, parentheses, one time column); importer invariants.
@testable import LedgerPressImport

let mappingTexts = [
    """
    name: paypal-activity
    delimiter: ","
    decimal_separator: "."
    thousands_separator: ","
    timestamp: {columns: [Date, Time], format: "MM/dd/yyyy HH:mm:ss", timezone: America/New_York}
    fields: {id: Transaction ID, payee_id: {constant: mer_paypal}, payee_type: {constant: merchant}, currency: Currency,
      reference: Invoice Number, description: Item Title}
    entries:
      - kind: {column: Type, values: {Express Checkout Payment: earning, Website Payment: earning, Payment Refund: refund,
          General Withdrawal: payout}}
        amount: Gross
      - {kind: fee, amount: Fee}
    """,
    """
    name: square-transactions
    thousands_separator: ","
    currency_symbols: ["$"]
    negative_parentheses: true
    timestamp: {columns: [Date, Time], format: "MM/dd/yyyy HH:mm:ss", timezone: America/Los_Angeles}
    fields: {id: Transaction ID, payee_id: {constant: mer_square}, payee_type: {constant: merchant}, currency: {constant: USD},
      reference: Payment ID, description: Description}
    entries:
      - {kind: {column: Event Type, values: {Payment: earning, Refund: refund}}, amount: Gross Sales}
      - {kind: tip, amount: Tip}
      - {kind: fee, amount: Fees, sign: negative}
    """,
    """
    name: european
    delimiter: ";"
    skip_lines: 1
    decimal_separator: ","
    thousands_separator: "."
    currency_symbols: ["€", "EUR"]
    negative_parentheses: true
    timestamp: {columns: Zeit, format: "d.M.yyyy H:mm", timezone: Europe/Berlin}
    fields: {id: Nr, payee_id: Konto, payee_type: Typ, currency: Währung, payee_name: Name, payout_id: Auszahlung,
      payout_status: Status}
    entries:
      - {kind: {column: Art, values: {Umsatz: earning, Trinkgeld: tip, Gebühr: fee, Auszahlung: payout}}, amount: Betrag}
      - {kind: adjustment, amount: Korrektur, sign: positive}
    """,
]

let mappings: [Mapping] = mappingTexts.map { text in
    do { return try Mapping.parse(text, file: "fixed.yaml") } catch { fail("fixed mapping: \(error)") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let mapping = mappings[Int(data[0]) % mappings.count]
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let result = MappedImporter.read(bytes: bytes, file: "fuzz.csv", mapping: mapping)
    ImportChecks.verify(result, bytes: bytes, file: "fuzz.csv")
    return 0
}
