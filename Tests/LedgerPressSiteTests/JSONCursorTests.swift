import Foundation
import Testing

@testable import LedgerPressSample
@testable import LedgerPressSite

/// The payee manifests read by ``JSONCursor`` are what `JSONDecoder` reads from the same bytes, and whatever the
/// cursor refuses still reaches `JSONDecoder` (``PreviousManifest/read(_:in:)``), which keeps the last word.
@Suite struct JSONCursorTests {
    func fast(_ data: Data) throws(JSONCursor.Unexpected) -> PayeeManifest {
        try JSONCursor.decode(data) { json throws(JSONCursor.Unexpected) in try PayeeManifest(json: &json) }
    }

    func slow(_ data: Data) throws -> PayeeManifest {
        try JSONDecoder().decode(PayeeManifest.self, from: data)
    }

    @Test(arguments: 1...300 as ClosedRange<UInt64>) func generatedManifestsReadAsJSONDecoderReadsThem(seed: UInt64)
        throws
    {
        var random = SplitMix64(seed: seed)
        let manifest = PrettyJSONTests().manifest(&random)
        let data = manifest.json()
        let read = try fast(data)
        #expect(read == manifest)
        #expect(read == (try slow(data)))
    }

    @Test(arguments: 1...300 as ClosedRange<UInt64>) func payeeEntriesReadAsJSONDecoderReadsThem(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let entry = PrettyJSONTests().payee(&random)
        let data = try ManifestJSON.encode(entry)
        let read = try JSONCursor.decode(data) { json throws(JSONCursor.Unexpected) in
            try Manifest.PayeeEntry(json: &json)
        }
        #expect(read == entry)
        #expect(read == (try JSONDecoder().decode(Manifest.PayeeEntry.self, from: data)))
    }

    /// A whole top-level manifest, as the previous site reads it: its files and payee entries as written.
    @Test(arguments: 1...40 as ClosedRange<UInt64>) func topManifestsReadAsWritten(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let tests = PrettyJSONTests()
        var payees: [Manifest.PayeeEntry] = []
        for _ in 0..<random.int(0...5) {
            var entry = tests.payee(&random)
            entry.id += "-\(payees.count)"
            payees.append(entry)
        }
        let files = (0..<random.int(0...4)).map { index in
            Manifest.FileEntry(path: "f\(index)", size: index, sha256: tests.text(&random))
        }
        let manifest = Manifest(
            files: files, payees: payees, inputs: [], totals: [], options: try tests.options(&random))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("json-cursor-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try manifest.json().write(to: folder.appendingPathComponent("manifest.json"))
        let site = try PreviousSite(folder: folder)
        #expect(site.format == Manifest.formatVersion)
        #expect(site.payeeOrder == payees.map(\.id))
        #expect(payees.allSatisfy { site.payees[$0.id] == $0 })
        #expect(files.allSatisfy { site.topFiles[$0.path] == $0 })
        #expect(site.topFiles.count == files.count)
    }

    /// A valid manifest in other spellings: escapes JSONEncoder never writes, other white space, members in
    /// another order, members it does not know, a `null` previous, text that is not ASCII written as it is.
    static let otherSpellings: [String] = [
        #"{"tool":"ledgerpress","format_version":2,"payee_id":"café ☕ Ünal 東京","key":"k","files":[],"statements":[],"rendered":[]}"#,
        #"{"tool":"ledgerpress","format_version":2,"payee_id":"caf\u00e9 \ud83d\ude00 \/ \"q\" \\ \b\f\n\r\t","key":"k","files":[],"statements":[],"rendered":[]}"#,
        " \r\n\t{ \"rendered\" : [ ] , \"statements\":[],\"files\" :[{\"sha256\":\"ab\",\"size\":-0,\"path\":\"p\"}],"
            + "\"key\":\"\",\"payee_id\":\"\",\"format_version\":-7,\"tool\":\"ledgerpress\"}\n\n",
        #"{"extra":{"a":[1,true,false,null,"x",{"b":[]}]},"tool":"ledgerpress","format_version":2,"payee_id":"p","key":"k","files":[],"rendered":[{"period":"2026-10","key":"r","more":[]}],"statements":[{"payee_id":"p","period":"2026-10","version":3,"first_issued_as_of":"t","fingerprint":"f","figures":{"USD":{"net_activity":"1.00","closing_balance":"2.00"},"EUR":{"closing_balance":"3.00","net_activity":"4.00"}},"changes":[{"currency":"USD","previous":null,"current":{"net_activity":"1.00","closing_balance":"2.00"}},{"currency":"EUR","previous":{"net_activity":"5.00","closing_balance":"6.00"},"current":{"net_activity":"7.00","closing_balance":"8.00"}}]}]}"#,
    ]

    @Test(arguments: otherSpellings) func otherSpellingsReadAsJSONDecoderReadsThem(text: String) throws {
        let data = Data(text.utf8)
        #expect(try fast(data) == (try slow(data)))
    }

    static let valid =
        #"{"tool":"ledgerpress","format_version":2,"payee_id":"p","key":"k","files":[{"path":"a","size":12,"sha256":"s"}],"statements":[{"payee_id":"p","period":"2026-10","version":1,"first_issued_as_of":"t","fingerprint":"f","figures":{},"changes":[{"currency":"USD","previous":{"net_activity":"1.00","closing_balance":"2.00"},"current":{"net_activity":"1.00","closing_balance":"2.00"}}]}],"rendered":[]}"#

    /// Bytes the cursor refuses, each a change of ``valid``: some `JSONDecoder` refuses too, some it takes.
    static let refused: [(String, [UInt8])] = [
        ("truncated", Array(valid.utf8.dropLast())),
        ("a member twice", Array(valid.replacingOccurrences(of: #""key":"k""#, with: #""key":"k","key":"j""#).utf8)),
        ("a fraction", Array(valid.replacingOccurrences(of: #""size":12"#, with: #""size":12.0"#).utf8)),
        ("an exponent", Array(valid.replacingOccurrences(of: #""size":12"#, with: #""size":1e2"#).utf8)),
        ("a leading zero", Array(valid.replacingOccurrences(of: #""size":12"#, with: #""size":012"#).utf8)),
        (
            "beyond Int",
            Array(valid.replacingOccurrences(of: #""size":12"#, with: #""size":99999999999999999999"#).utf8)
        ),
        ("a lone surrogate", Array(valid.replacingOccurrences(of: #""key":"k""#, with: #""key":"\ud800x""#).utf8)),
        ("a bad escape", Array(valid.replacingOccurrences(of: #""key":"k""#, with: #""key":"\x""#).utf8)),
        (
            "a raw control character",
            Array(valid.replacingOccurrences(of: #""key":"k""#, with: "\"key\":\"\u{1}\"").utf8)
        ),
        (
            "invalid UTF-8",
            Array(valid.utf8).replacing(Array(#""key":"k""#.utf8), with: Array(#""key":""#.utf8) + [0xC3, 0x22])
        ),
        ("text after the value", Array((valid + "x").utf8)),
        ("a missing member", Array(valid.replacingOccurrences(of: #""key":"k","#, with: "").utf8)),
        ("null for a text", Array(valid.replacingOccurrences(of: #""key":"k""#, with: #""key":null"#).utf8)),
        ("a number for a text", Array(valid.replacingOccurrences(of: #""key":"k""#, with: #""key":1"#).utf8)),
        ("a byte order mark", [0xEF, 0xBB, 0xBF] + Array(valid.utf8)),
        ("a trailing comma", Array(valid.replacingOccurrences(of: #""rendered":[]}"#, with: #""rendered":[],}"#).utf8)),
        (
            "a number for previous",
            Array(
                valid.replacingOccurrences(
                    of: #""previous":{"net_activity":"1.00","closing_balance":"2.00"}"#, with: #""previous":5"#
                ).utf8)
        ),
    ]

    @Test(arguments: refused.map(\.0)) func refusedBytesFallBackToJSONDecoder(name: String) throws {
        let bytes = try #require(Self.refused.first { $0.0 == name }?.1)
        let data = Data(bytes)
        #expect(throws: JSONCursor.Unexpected.self) { try fast(data) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("json-cursor-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try data.write(to: folder.appendingPathComponent("manifest.json"))
        // Whatever the cursor refuses, the manifest reads exactly as JSONDecoder alone reads it.
        switch Result(catching: { try slow(data) }) {
        case .success(let manifest):
            #expect(try PreviousManifest.read(PayeeManifest.self, in: folder) == manifest)
        case .failure(let refusal):
            do {
                _ = try PreviousManifest.read(PayeeManifest.self, in: folder)
                Issue.record("read bytes JSONDecoder refuses")
            } catch {
                #expect(error.reason == PreviousManifest.reason(refusal))
            }
        }
    }

    /// A string skipped (a member the reader does not use) is taken or refused exactly as one read.
    @Test(arguments: [
        #""plain ascii 0123""#, #""""#, #""caf\u00e9 \"q\" \\""#, "\"café ☕\"", "\"\u{1}\"", #""\x""#, #""\ud800x""#,
        #""unterminated"#, "\"tab\tinside\"",
    ])
    func aStringSkippedIsTakenOrRefusedAsOneRead(text: String) throws {
        for bytes in [Array(text.utf8), Array(text.utf8.dropLast()) + [0xC3, 0x22]] {
            let data = Data(#"{"a":"#.utf8 + bytes + #","b":1}"#.utf8)
            let read = Result { () throws(JSONCursor.Unexpected) in
                try JSONCursor.decode(data) { cursor throws(JSONCursor.Unexpected) in
                    var b = 0
                    try cursor.object { cursor, name throws(JSONCursor.Unexpected) in
                        if name == "a" { _ = try cursor.string() } else { b = try cursor.int() }
                    }
                    return b
                }
            }
            let skipped = Result { () throws(JSONCursor.Unexpected) in
                try JSONCursor.decode(data) { cursor throws(JSONCursor.Unexpected) in
                    var b = 0
                    try cursor.object { cursor, name throws(JSONCursor.Unexpected) in
                        if name == "a" { try cursor.skipValue() } else { b = try cursor.int() }
                    }
                    return b
                }
            }
            #expect((try? read.get()) == (try? skipped.get()), "\(bytes)")
        }
        #expect(
            (try? JSONCursor.decode(Data(#"{"a":"x","b":1}"#.utf8)) { c throws(JSONCursor.Unexpected) in
                try c.skipValue()
            }) != nil)
    }

    @Test func aManifestOfAnotherToolIsRefusedAsBefore() throws {
        let text = Self.valid.replacingOccurrences(of: #""tool":"ledgerpress""#, with: #""tool":"other""#)
        #expect(try fast(Data(text.utf8)).manifestTool == "other")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("json-cursor-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(text.utf8).write(to: folder.appendingPathComponent("manifest.json"))
        do {
            _ = try PreviousManifest.read(PayeeManifest.self, in: folder)
            Issue.record("a manifest of another tool was read")
        } catch {
            #expect(error.reason == "a manifest.json without \"tool\" : \"ledgerpress\"")
        }
    }
}
