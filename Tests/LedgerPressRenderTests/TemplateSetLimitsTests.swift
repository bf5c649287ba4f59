import Foundation
import Testing

@testable import LedgerPressRender

/// Templates from a `--templates` folder are bounded and complete: deep nesting, oversized files and partials
/// that do not exist are errors naming the file (and line and column), never a crash or a silent blank.
@Suite struct TemplateSetLimitsTests {
    /// The shipped set with `driver.md` replaced by `driver`, its origin `mine/driver.md`.
    static func templates(driver: String) throws -> TemplateSet {
        let shipped = try StringTablesTests.shipped()
        var texts = Dictionary(uniqueKeysWithValues: shipped.sources.map { ($0.name, $0.text) })
        texts["driver.md"] = driver
        return try TemplateSet(texts: texts, origin: ["driver.md": "mine/driver.md"])
    }

    static func failure(driver: String) -> String? {
        do {
            _ = try templates(driver: driver)
            return nil
        } catch let failure as TemplateSet.Failure {
            return failure.description
        } catch {
            return "\(error)"
        }
    }

    @Test(arguments: ["#", "^", "$"])
    func deepSectionsAreAnErrorNotACrash(sigil: String) {
        let open = "{{\(sigil)s}}"
        let text =
            "# Title\n" + String(repeating: open, count: 3000) + "x" + String(repeating: "{{/s}}", count: 3000) + "\n"
        let column = 64 * open.count + 1
        #expect(
            Self.failure(driver: text)
                == "mine/driver.md:2:\(column): error: template: expected sections nested at most 64 deep, got a 65th level"
        )
    }

    @Test func sectionsUpToTheLimitAreFine() throws {
        let text = String(repeating: "{{#s}}", count: 64) + "x" + String(repeating: "{{/s}}", count: 64) + "\n"
        _ = try Self.templates(driver: text)
    }

    @Test func theLimitFollowsChangedDelimiters() {
        let text = "{{=<% %>=}}\n" + String(repeating: "<%#s%>", count: 65) + String(repeating: "<%/s%>", count: 65)
        #expect(
            Self.failure(driver: text)
                == "mine/driver.md:2:\(64 * 6 + 1): error: template: expected sections nested at most 64 deep, got a 65th level"
        )
    }

    @Test(arguments: [
        ("{{> footer}}", "'{{> footer}}'", 1), ("{{>footer}}", "'{{> footer}}'", 1),
        ("{{<base}}{{/base}}", "'{{< base}}'", 1), ("{{=[ ]=}}\n[> footer]", "'{{> footer}}'", 2),
    ])
    func aPartialIsAnErrorNamingTheFileAndThePartial(tag: String, name: String, line: Int) {
        let failure = Self.failure(driver: "# Title\n\n" + tag + "\n")
        #expect(failure?.hasPrefix("mine/driver.md:\(line + 2):") == true, "\(failure ?? "no failure")")
        #expect(
            failure?.hasSuffix(
                "error: template: expected no partials (templates can include none), got \(name)") == true,
            "\(failure ?? "no failure")")
    }

    @Test func textThatOnlyLooksLikeATagIsFine() throws {
        _ = try Self.templates(driver: "# {{title}}\n\n{{! a comment {{> not a partial}} }}\n{{{x}}} > {{y}}\n")
    }

    @Test func anOversizedTemplateIsAnError() {
        let text = String(repeating: "x", count: (1 << 20) + 1)
        #expect(
            Self.failure(driver: text)
                == "mine/driver.md: error: template: expected a file of at most 1048576 bytes, got 1048577 bytes")
    }
}
