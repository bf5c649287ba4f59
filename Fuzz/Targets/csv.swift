// fuzz-needs: LedgerPressCore LedgerPressImport Yams CYaml
// CSVReader: never traps, never loops; records and errors come with increasing line numbers and byte
// ranges inside the input; when every record reads, writing the fields back RFC 4180-quoted and
// reading that again gives the same fields. The first byte picks the delimiter and lines to skip.
@testable import LedgerPressImport

let delimiters: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: ";"), 9, UInt8(ascii: "|")]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let delimiter = delimiters[Int(data[0] & 3)]
    let skip = Int(data[0] >> 2 & 3)
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    var reader = CSVReader(bytes: bytes, delimiter: delimiter, skippingLines: skip)
    var records: [[String]] = []
    var clean = true
    var lastLine = 0
    var steps = 0
    while true {
        steps += 1
        check(steps <= bytes.count + 2, "the reader does not advance")
        do {
            guard let record = try reader.next() else { break }
            check(record.line > lastLine, "record line \(record.line) after \(lastLine)")
            check(record.bytes.lowerBound >= 0 && record.bytes.upperBound <= bytes.count, "record bytes \(record.bytes) outside the input")
            check(!record.fields.isEmpty, "a record without fields")
            lastLine = record.line
            records.append(record.fields)
        } catch {
            check(error.line > lastLine, "error line \(error.line) after \(lastLine)")
            check(error.bytes.upperBound <= bytes.count, "error bytes \(error.bytes) outside the input")
            lastLine = error.line
            clean = false
        }
    }
    guard clean, skip == 0 else { return 0 }
    // Round trip: quote every field, join with the delimiter, end every record with CRLF.
    var written: [UInt8] = []
    for fields in records {
        for (i, field) in fields.enumerated() {
            if i > 0 { written.append(delimiter) }
            written.append(UInt8(ascii: "\""))
            for b in field.utf8 {
                if b == UInt8(ascii: "\"") { written.append(b) }
                written.append(b)
            }
            written.append(UInt8(ascii: "\""))
        }
        written += [13, 10]
    }
    var again = CSVReader(bytes: written, delimiter: delimiter)
    var reread: [[String]] = []
    do {
        while let record = try again.next() { reread.append(record.fields) }
    } catch {
        fail("re-reading the written records failed: \(error)")
    }
    check(reread == records, "round trip changed the records: \(records) -> \(reread)")
    return 0
}
