import Foundation
import Testing

/// Rules read from the source text of every module under `Sources/`.
@Suite struct SourceRulesTests {
    /// The repository's `Sources` folder.
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    /// Each Swift file under `Sources/`, by its path from there, with its text.
    static func swiftFiles() throws -> [(path: String, text: String)] {
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var found: [(path: String, text: String)] = []
        for case let file as URL in files where file.pathExtension == "swift" {
            let path = String(file.standardizedFileURL.path.dropFirst(sources.standardizedFileURL.path.count + 1))
            found.append((path, try String(contentsOf: file, encoding: .utf8)))
        }
        return found.sorted { $0.path < $1.path }
    }

    /// The public or open types (struct, class, enum, protocol, actor, typealias) declared in `text` whose
    /// declaration (after its attributes) does not follow a `///` line, as `line: name`.
    static func undocumentedPublicTypes(_ text: String) -> [String] {
        let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "actor", "typealias"]
        let modifiers: Set<Substring> = ["final", "indirect", "nonisolated", "public", "open"]
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var missing: [String] = []
        for (index, line) in lines.enumerated() {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            // Attributes (`@frozen`, `@dynamicMemberLookup`) and modifiers before the kind.
            let rest = words.drop { $0.hasPrefix("@") }
            guard let first = rest.first, first == "public" || first == "open" else { continue }
            let afterModifiers = rest.drop { modifiers.contains($0) }
            guard let kind = afterModifiers.first, kinds.contains(kind), afterModifiers.count > 1 else { continue }
            var previous = index - 1
            while previous >= 0, Self.isAttributeLine(lines[previous]) { previous -= 1 }
            if previous < 0 || !lines[previous].trimmingCharacters(in: .whitespaces).hasPrefix("///") {
                let name = afterModifiers.dropFirst().first?.prefix { $0.isLetter || $0.isNumber || $0 == "_" } ?? ""
                missing.append("\(index + 1): \(kind) \(name)")
            }
        }
        return missing
    }

    /// A line of attributes alone (`@frozen`, `@available(macOS 14, *)`), not a declaration after them.
    static func isAttributeLine(_ line: Substring) -> Bool {
        let text = line.trimmingCharacters(in: .whitespaces)
        guard text.hasPrefix("@") else { return false }
        let words = text.split(separator: " ").filter { !$0.hasPrefix("@") && !$0.hasSuffix(",") && !$0.hasSuffix(")") }
        return words.isEmpty
    }

    @Test func theRuleFindsAnUndocumentedPublicType() {
        let text = """
            /// Said.
            public struct A {}
            public enum B {}
            /// Said.
            @frozen public struct C {
                public final class D {}
                /// Said.
                public typealias E = Int
                public var f = 0
            }
            public extension A {}
            """
        #expect(Self.undocumentedPublicTypes(text) == ["3: enum B", "6: class D"])
    }

    /// Every public type says what it is in a `///` comment.
    @Test func everyPublicTypeHasADocComment() throws {
        var missing: [String] = []
        for file in try Self.swiftFiles() {
            missing += Self.undocumentedPublicTypes(file.text).map { file.path + ":" + $0 }
        }
        #expect(missing.isEmpty, "public types without a /// comment:\n\(missing.joined(separator: "\n"))")
    }
}
