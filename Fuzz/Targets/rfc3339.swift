// fuzz-needs: LedgerPressCore
// RFC3339.parse: when it accepts text, the instant formats back (whole seconds, same offset) to text
// with the same date and time fields that parses to the same instant; rejects dates that do not exist.
import LedgerPressCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard let parsed = RFC3339.parse(bytes: bytes) else { return 0 }
    let text = Array(bytes)
    let year = Int(String(decoding: text[0..<4], as: UTF8.self)) ?? -1
    let month = Int(String(decoding: text[5..<7], as: UTF8.self)) ?? -1
    let day = Int(String(decoding: text[8..<10], as: UTF8.self)) ?? -1
    check(CivilDate(year: year, month: month, day: day) != nil, "accepted a date that does not exist: \(text)")
    check(abs(Int(parsed.offsetSeconds)) < 86_400, "offset out of range")
    check(parsed.nanoseconds >= 0 && parsed.nanoseconds < 1_000_000_000, "nanoseconds out of range")
    let formatted = Timestamp.format(epochSeconds: parsed.epochSeconds, offsetSeconds: Int(parsed.offsetSeconds))
    let written = Array(formatted.utf8)
    check(written.count == 25, "formatted '\(formatted)' is not yyyy-MM-ddTHH:mm:ss±hh:mm")
    check(written[0..<10] == text[0..<10] && written[11..<19] == text[11..<19], "'\(formatted)' does not keep the fields of the input")
    guard let again = RFC3339.parse(formatted) else { fail("'\(formatted)' does not parse") }
    check(again.epochSeconds == parsed.epochSeconds && again.offsetSeconds == parsed.offsetSeconds, "round trip moved the instant: \(formatted)")
    check(again.nanoseconds == 0, "formatted text kept fractions")
    return 0
}
