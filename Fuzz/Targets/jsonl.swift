// fuzz-needs: LedgerPressCore LedgerPressImport Yams CYaml
// fuzz-support: ImportChecks
// JSON Lines: FlatJSONObject.parse of each line either refuses it or gives an object that, written back
// with every value as a JSON string, parses to the same object; that object with one of its keys given
// again (its first character written as a \u escape) is refused naming both columns, and the importer
// rejects that line; a refused duplicate names columns where the key is written; JSONLinesImporter keeps
// the importer invariants (ImportChecks).
import LedgerPressCore
@testable import LedgerPressImport

func jsonString(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case _ where scalar.value < 0x20:
            let hex = String(scalar.value, radix: 16)
            out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}

/// `key` with its first character as a `\u` escape (a BMP character; others written as they are).
func escapedFirst(_ key: String) -> String {
    guard let first = key.unicodeScalars.first, first.value <= 0xFFFF else { return jsonString(key) }
    let hex = String(first.value, radix: 16)
    var tail = ""
    for scalar in key.unicodeScalars.dropFirst() { tail.unicodeScalars.append(scalar) }
    // The written tail without its opening quote, dropped as a byte: as a Character, `"` and a combining mark
    // after it (`0` + U+06D9) are one, and dropping it lost the mark, so the "duplicate" was another key.
    let rest = String(decoding: jsonString(tail).utf8.dropFirst(), as: UTF8.self)
    return "\"\\u" + String(repeating: "0", count: 4 - hex.count) + hex + rest
}

/// The written object with `key` given again at the end: must be refused naming both columns, and rejected.
func checkDuplicate(of key: String, in object: [String: String]) {
    var line = "{"
    var firstColumn = 0
    for name in object.keys.sorted() {
        if line.utf8.count > 1 { line += "," }
        if name == key { firstColumn = line.utf8.count + 1 }
        line += jsonString(name) + ":" + jsonString(object[name] ?? "")
    }
    line += ","
    let secondColumn = line.utf8.count + 1
    line += escapedFirst(key) + ":\"again\"}"
    do {
        let parsed = try FlatJSONObject.parse(ArraySlice(Array(line.utf8)))
        fail("a duplicate key was accepted: \(line) -> \(parsed)")
    } catch {
        check(
            error == .duplicateKey(key, first: firstColumn, second: secondColumn),
            "duplicate of \(key) at \(firstColumn), \(secondColumn) refused as \(error): \(line)")
    }
    let result = JSONLinesImporter.read(bytes: Array((line + "\n").utf8), file: "dup.jsonl")
    check(result.rows.isEmpty && result.rejected.map(\.line) == [1], "a line with a duplicate key was not rejected: \(line)")
    check(
        result.diagnostics.contains { $0.expected.hasPrefix("each key once per object") },
        "no duplicate-key diagnostic: \(result.diagnostics.map(\.message))")
}

/// A refused duplicate names two columns where `"key"` starts in `line`.
func checkColumns(_ key: String, _ columns: [Int], in line: ArraySlice<UInt8>) {
    check(columns[0] < columns[1], "duplicate columns out of order: \(columns)")
    for column in columns {
        var p = line.startIndex + column - 1
        check(p < line.endIndex && line[p] == UInt8(ascii: "\""), "no key starts at column \(column)")
        p += 1
        check((try? JSONString.decode(line, at: &p)) == key, "column \(column) does not hold the key \(key)")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for line in bytes.split(separator: 10, omittingEmptySubsequences: true) {
        let object: [String: String]
        do {
            object = try FlatJSONObject.parse(line)
        } catch {
            if case .duplicateKey(let key, let first, let second) = error { checkColumns(key, [first, second], in: line) }
            continue
        }
        let written = "{" + object.keys.sorted().map { jsonString($0) + ":" + jsonString(object[$0] ?? "") }.joined(separator: ",") + "}"
        let again: [String: String]
        do {
            again = try FlatJSONObject.parse(ArraySlice(Array(written.utf8)))
        } catch {
            fail("written object does not parse: \(written) (\(error))")
        }
        check(again == object, "round trip changed the object: \(object) -> \(again)")
        if let key = object.keys.min() { checkDuplicate(of: key, in: object) }
    }
    let result = JSONLinesImporter.read(bytes: bytes, file: "fuzz.jsonl")
    ImportChecks.verify(result, bytes: bytes, file: "fuzz.jsonl")
    return 0
}
