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
}
