import Foundation
import Testing

/// The shape of the code, read from its sources (issue 48): rules a compiler does not check.
@Suite struct ArchitectureTests {
    static let sources = CLIRunner.repository.appendingPathComponent("Sources")

    /// The Swift files under `folder` (relative to Sources/), recursively, with their text.
    static func swiftFiles(under folder: String) throws -> [(path: String, text: String)] {
        let root = sources.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
            return []
        }
        var files: [(String, String)] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            let relative = folder + "/" + url.path.dropFirst(root.path.count + 1)
            files.append((relative, try String(contentsOf: url, encoding: .utf8)))
        }
        return files.sorted { $0.0 < $1.0 }
    }

    /// The modules a file imports (`import X`, `@testable import X`, `import struct X.Y`, inside `#if` too).
    static func imports(of text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            var words = line.split(separator: " ").map(String.init)
            while let first = words.first, first.hasPrefix("@") { words.removeFirst() }
            guard words.first == "import", words.count >= 2 else { return nil }
            let kinds: Set = ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"]
            let name = kinds.contains(words[1]) && words.count >= 3 ? words[2] : words[1]
            return String(name.split(separator: ".").first ?? "")
        }
    }

    /// The executable holds parsing, printing and exit codes; everything else it reaches through the engine
    /// (`Engine`, `SiteBuilder`), so it imports LedgerPressEngine and ArgumentParser and nothing else of ours or
    /// anyone's (system modules aside). A new import here means an engine entry point is missing.
    @Test func theExecutableImportsOnlyTheEngineAndArgumentParser() throws {
        let allowed: Set = ["LedgerPressEngine", "ArgumentParser", "Foundation", "Glibc", "Dispatch"]
        let files = try Self.swiftFiles(under: "ledgerpress")
        #expect(files.count > 10, "expected the executable's sources under \(Self.sources.path)/ledgerpress")
        var found: [String] = []
        for file in files {
            for module in Self.imports(of: file.text) where !allowed.contains(module) {
                found.append("\(file.path): import \(module)")
            }
        }
        #expect(found.isEmpty, "the executable imports beyond its allow-list:\n\(found.joined(separator: "\n"))")
    }

    /// No module hands another's API on wholesale: `@_exported import` would let the executable reach every type
    /// of the modules under the engine while importing the engine alone.
    @Test func noModuleReExportsAnother() throws {
        var found: [String] = []
        for folder in try FileManager.default.contentsOfDirectory(atPath: Self.sources.path).sorted() {
            for file in try Self.swiftFiles(under: folder) where file.text.contains("@_exported") {
                found.append(file.path)
            }
        }
        #expect(found.isEmpty, "@_exported import in: \(found.joined(separator: ", "))")
    }

    /// The reader of imports itself: the forms it must see.
    @Test func importsAreReadInEveryForm() {
        let text = """
            import Foundation
            @testable import LedgerPressSite
            #if canImport(Glibc)
                import Glibc
            #endif
            import struct LedgerPressCore.PeriodKind
            // import Nothing
            """
        #expect(Self.imports(of: text) == ["Foundation", "LedgerPressSite", "Glibc", "LedgerPressCore"])
    }

    /// The calls that create, write, link, rename or remove files (or flush them to disk): Foundation's
    /// FileManager edits, `open` with a writing flag, and the POSIX calls, read from code with comments and string
    /// literals taken out. `SystemFile.write(...)`-style method calls are not counted: a call through a type's name
    /// goes to the module that holds the call itself.
    static let fileWriting = try? NSRegularExpression(
        pattern: #"FileManager\.default\.(createDirectory|removeItem|moveItem|copyItem|createFile|createSymbolicLink"#
            + #"|linkItem|replaceItem)\b"#
            + #"|\bO_(CREAT|WRONLY|RDWR|TMPFILE|TRUNC|APPEND)\b"#
            + #"|(?<![.\w])(Glibc\.)?write\((fd|descriptor|[a-zA-Z]*[Dd]escriptor|[a-z]*F[Dd]|file)\b"#
            + #"|(?<![.\w])(pwrite|writev|ftruncate|truncate|fsync|fdatasync|syncfs|rename|renameat|renameat2|unlink"#
            + #"|unlinkat|mkdir|mkdirat|rmdir|link|linkat|symlink|symlinkat|mkstemp|mkdtemp|mkostemp|futimens"#
            + #"|utimensat|utimes|fchmod|chmod|ledgerpress_rename_exchange)\("#
            + #"|\.write\((toFile|contentsOf):|FileHandle\((forWritingAtPath|forWritingTo|forUpdating)"#)

    /// The file-writing calls in `text`, one string per call found.
    static func writes(in text: String) -> [String] {
        guard let pattern = fileWriting else { return ["(the pattern does not compile)"] }
        var found: [String] = []
        for line in text.split(separator: "\n") {
            let code = line.trimmingCharacters(in: .whitespaces)
            if code.hasPrefix("//") { continue }
            let bare = code.replacingOccurrences(of: #""(\\.|[^"\\])*""#, with: "\"\"", options: .regularExpression)
            let range = NSRange(bare.startIndex..., in: bare)
            for match in pattern.matches(in: bare, range: range) {
                if let found1 = Range(match.range, in: bare) { found.append(String(bare[found1])) }
            }
        }
        return found
    }

    /// Where files may be written besides `LedgerPressPublish`, each with why (issue 48: "one writer").
    static let writersAllowed: [String: String] = [
        // The ledger store's spill file (a temporary file of the ledger's records, unlinked at once).
        "LedgerPressStore/SpilledRecords.swift": "the ledger store's spill file"
    ]

    /// Calls the scan takes for file writes but that write to no file, by file, exactly: the one write to a pipe (a
    /// printer's standard input).
    static let writesToNoFile: [String: [String]] = [
        "LedgerPressSite/Documents/PDF/PrinterProcess.swift": ["Glibc.write(descriptor"]
    ]

    /// Only `LedgerPressPublish` writes files (and the ledger store's spill file); a file-writing call anywhere else
    /// fails here, as does a listed exception that no longer writes (so the lists stay exact). A write to a pipe is
    /// no file: listed exactly in ``writesToNoFile``.
    @Test func onlyThePublishModuleWritesFiles() throws {
        var unexpected: [String] = []
        var writing: Set<String> = []
        var piped: Set<String> = []
        for folder in try FileManager.default.contentsOfDirectory(atPath: Self.sources.path).sorted()
        where folder != "LedgerPressPublish" {
            for file in try Self.swiftFiles(under: folder) {
                let found = Self.writes(in: file.text)
                let calls = found.filter { !(Self.writesToNoFile[file.path] ?? []).contains($0) }
                if found != calls { piped.insert(file.path) }
                if calls.isEmpty { continue }
                writing.insert(file.path)
                if Self.writersAllowed[file.path] == nil {
                    unexpected.append("\(file.path): \(calls.joined(separator: ", "))")
                }
            }
        }
        #expect(unexpected.isEmpty, "files written outside LedgerPressPublish:\n\(unexpected.joined(separator: "\n"))")
        let stale = Set(Self.writersAllowed.keys).subtracting(writing).union(
            Set(Self.writesToNoFile.keys).subtracting(piped)
        ).sorted()
        #expect(stale.isEmpty, "listed as writing, but writes nothing: \(stale.joined(separator: ", "))")
        let publish = try Self.swiftFiles(under: "LedgerPressPublish")
        #expect(publish.contains { !Self.writes(in: $0.text).isEmpty }, "expected LedgerPressPublish to write files")
    }

    /// The atomic swap's C helper is imported by one file, in the publish module.
    @Test func onlyTheSwapImportsRenameExchange() throws {
        var importers: [String] = []
        for folder in try FileManager.default.contentsOfDirectory(atPath: Self.sources.path).sorted() {
            let files = try Self.swiftFiles(under: folder)
            for file in files where Self.imports(of: file.text).contains("CRenameExchange") {
                importers.append(file.path)
            }
        }
        #expect(importers == ["LedgerPressPublish/SiteSwap.swift"])
    }

    /// The scanner itself: each form it must see, and what it must not take for a write.
    @Test func fileWritingCallsAreRecognised() {
        let text = """
            let fd = open(path, O_WRONLY | O_CREAT, 0o644)
            _ = Glibc.write(descriptor, base, count)
            try FileManager.default.removeItem(atPath: folder)
            if rename(from, to) != 0 {}
            try handle.write(contentsOf: data)
            // unlink(path) in a comment
            let message = "cannot unlink(x)"
            json.write(to: &out)
            try SystemFile.replace(path, bytes: data)
            """
        #expect(
            Self.writes(in: text) == [
                "O_WRONLY", "O_CREAT", "Glibc.write(descriptor", "FileManager.default.removeItem", "rename(",
                ".write(contentsOf:",
            ])
    }
}
