import Mustache

extension TemplateSet {
    /// Why the templates could not be loaded; each description is a whole message in compiler style.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        case missing(String)
        /// Mustache refused the template at this 1-based line and column of the file.
        case invalid(file: String, line: Int, column: Int, reason: String)
        /// Reading the file failed (an I/O error).
        case unreadable(file: String)
        /// The path is not a template file: a folder, bytes that are not UTF-8 text, or too many bytes.
        case notText(file: String, reason: String)
        /// A tag the set cannot render at this 1-based line and column: a partial, or sections nested too deep
        /// (``TemplateScan``).
        case refused(file: String, line: Int, column: Int, expected: String, found: String)

        public var description: String {
            switch self {
            case .missing(let name): return "ledgerpress: error: template \(name): not found in the templates folders"
            case .invalid(let file, let line, let column, let reason):
                return "\(file):\(line):\(column): error: template: expected valid Mustache, got \(reason)"
            case .unreadable(let file): return "\(file): error: template: cannot read the file"
            case .notText(let file, let reason): return "\(file): error: template: \(reason)"
            case .refused(let file, let line, let column, let expected, let found):
                return "\(file):\(line):\(column): error: template: expected \(expected), got \(found)"
            }
        }

        /// The failure for Mustache's parse error of `file`, whose first line was prefixed with `prefixLength`
        /// characters (the content-type pragma) before parsing.
        static func invalid(file: String, error: Error, prefixLength: Int) -> Failure {
            guard let parse = error as? MustacheTemplate.ParserError else {
                return .invalid(file: file, line: 1, column: 1, reason: String(describing: error))
            }
            let line = parse.context.lineNumber
            let column = line == 1 ? max(1, parse.context.columnNumber - prefixLength) : parse.context.columnNumber
            return .invalid(file: file, line: line, column: column, reason: reason(parse.error))
        }

        static func reason(_ error: Error) -> String {
            guard let error = error as? MustacheTemplate.Error else { return String(describing: error) }
            switch error {
            case .sectionCloseNameIncorrect: return "a section closed under another name"
            case .unfinishedName: return "an unfinished tag"
            case .expectedSectionEnd: return "a section that is never closed"
            case .invalidSetDelimiter: return "a malformed set-delimiter tag"
            case .transformAppliedToInheritanceSection: return "a transform applied to an inherited section"
            case .illegalTokenInsideInheritSection: return "a tag not allowed inside an inherited section"
            case .textInsideInheritSection: return "text inside an inherited section"
            case .invalidConfigVariableSyntax: return "a malformed {{% ...}} pragma"
            case .unrecognisedConfigVariable: return "an unknown {{% ...}} pragma"
            @unknown default: return String(describing: error)
            }
        }
    }
}
