// fuzz-needs: LedgerPressCore
// AmountParser with each exponent (the first byte picks 0...4): a parse either fails or gives the
// value the text spells, and PlainDecimal writes it back in a canonical form that parses to it again.
import LedgerPressCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let exponent = Int(data[0] % 5)
    let body = UnsafeBufferPointer(start: data + 1, count: size - 1)
    guard case .success(let value) = AmountParser.parse(bytes: body, exponent: exponent) else { return 0 }
    let canonical = PlainDecimal.format(value, exponent: exponent)
    // The text spells the value: sign, integer digits without leading zeros, decimals padded.
    let text = Array(body)
    let negative = text.first == UInt8(ascii: "-")
    let unsigned = text.first == UInt8(ascii: "-") || text.first == UInt8(ascii: "+") ? Array(text.dropFirst()) : text
    let parts = unsigned.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
    check(parts.count <= 2, "accepted more than one point: \(text)")
    var integer = String(decoding: parts[0].drop { $0 == UInt8(ascii: "0") }, as: UTF8.self)
    if integer.isEmpty { integer = "0" }
    let fraction = parts.count == 2 ? String(decoding: parts[1], as: UTF8.self) : ""
    check(fraction.count <= exponent, "accepted \(fraction.count) decimals for exponent \(exponent)")
    var expected = integer
    if exponent > 0 { expected += "." + fraction + String(repeating: "0", count: exponent - fraction.count) }
    if negative && value != 0 { expected = "-" + expected }
    check(canonical == expected, "'\(String(decoding: text, as: UTF8.self))' parsed to \(canonical), expected \(expected)")
    // The canonical form parses back to the same value and is a fixed point.
    var again = canonical
    let reparsed = again.withUTF8 { AmountParser.parse(bytes: $0, exponent: exponent) }
    check(reparsed == .success(value), "canonical '\(canonical)' parsed to \(reparsed)")
    return 0
}
