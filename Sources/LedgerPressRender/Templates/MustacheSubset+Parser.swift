extension MustacheSubset {
    /// swift-mustache 2.1's parser (`MustacheTemplate.parse`), step for step, over Characters as it reads
    /// them, for the tags of the subset; nil for any other tag or any text it would refuse.
    ///
    /// > Note: kept deliberately close to the original, quirks included (whitespace before a comment that is
    /// > not alone on its line moves after it; a section's closing tag on its own line is dropped with its line
    /// > end while the line state follows the opening tag), because the point is the same output.
    struct Parser {
        let chars: [Character]
        var position = 0
        /// At the start of a line (the parser's `newLine` flag).
        var newLine = true

        init(_ text: String) { chars = Array(text) }

        var reachedEnd: Bool { position == chars.count }
        /// The current Character, or NUL at the end (as swift-mustache's `current()`).
        var current: Character { position < chars.count ? chars[position] : "\0" }

        static let spaceOrTab: Set<Character> = [" ", "\t"]
        static let lineEnds: Set<Character> = ["\n", "\r\n"]
        static let nameChars = Set<Character>("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?()*")

        /// The nodes up to the end (`section` nil) or up to the section's closing tag.
        mutating func parse(section: String?) -> [Node]? {
            var nodes: [Node] = []
            var whiteSpaceBefore = ""
            while !reachedEnd {
                if newLine { whiteSpaceBefore = read(while: Parser.spaceOrTab) }
                guard let text = readUntilTagOrLineEnd() else { return nil }
                if current.isNewline {
                    nodes.append(.text(whiteSpaceBefore + text + String(current)))
                    newLine = true
                    position += 1
                    continue
                }
                if !text.isEmpty {
                    nodes.append(.text(whiteSpaceBefore + text))
                    whiteSpaceBefore = ""
                    newLine = false
                }
                if reachedEnd { break }
                var setNewLine = false
                switch current {
                case "#", "^":
                    let inverted = current == "^"
                    position += 1
                    guard let name = readName() else { return nil }
                    if isStandalone() {
                        setNewLine = true
                    } else if !whiteSpaceBefore.isEmpty {
                        nodes.append(.text(whiteSpaceBefore))
                        whiteSpaceBefore = ""
                    }
                    // The section starts at a line start only when its tag was alone on its line.
                    if !setNewLine { newLine = false }
                    guard let inner = parse(section: name) else { return nil }
                    nodes.append(inverted ? .invertedSection(name, inner) : .section(name, inner))
                case "/":
                    position += 1
                    guard let name = readName(), name == section else { return nil }
                    if !isStandalone() && !whiteSpaceBefore.isEmpty { nodes.append(.text(whiteSpaceBefore)) }
                    return nodes
                case "!":
                    position += 1
                    guard skipComment() else { return nil }
                    setNewLine = isStandalone()
                case "{", "&":
                    let braces = current == "{"
                    if !whiteSpaceBefore.isEmpty {
                        nodes.append(.text(whiteSpaceBefore))
                        whiteSpaceBefore = ""
                    }
                    position += 1
                    guard let name = readName() else { return nil }
                    if braces {
                        guard current == "}" else { return nil }
                        position += 1
                    }
                    nodes.append(.variable(name, escaped: false))
                case "%":
                    position += 1
                    guard let escaping = readContentType() else { return nil }
                    nodes.append(.escaping(escaping))
                    setNewLine = isStandalone()
                case ">", "<", "$", "=":
                    return nil
                default:
                    if !whiteSpaceBefore.isEmpty {
                        nodes.append(.text(whiteSpaceBefore))
                        whiteSpaceBefore = ""
                    }
                    guard let name = readName() else { return nil }
                    nodes.append(.variable(name, escaped: true))
                }
                newLine = setNewLine
            }
            return section == nil ? nodes : nil
        }

        /// Text up to a line end (not consumed) or past an opening `{{`; nil where swift-mustache throws.
        mutating func readUntilTagOrLineEnd() -> String? {
            var text = ""
            while !reachedEnd {
                let start = position
                while position < chars.count, !Parser.lineEnds.contains(chars[position]), chars[position] != "{" { position += 1 }
                text += String(chars[start..<position])
                if current.isNewline { break }
                if current == "{" {
                    // `read(string: "{{")` throws when fewer than two Characters are left.
                    guard position + 2 <= chars.count else { return nil }
                    if chars[position + 1] == "{" {
                        position += 2
                        break
                    }
                    text += "{"
                    position += 1
                }
            }
            return text
        }

        /// A tag's name and its closing `}}`: a single key or `.`; nil for anything else.
        mutating func readName() -> String? {
            _ = read { $0.isWhitespace }
            let name = read(while: Parser.nameChars)
            _ = read { $0.isWhitespace }
            guard readClosing() else { return nil }
            if name == "." { return name }
            guard !name.isEmpty, !name.contains("."), !name.contains("("), !name.contains(")") else { return nil }
            return name
        }

        /// `}}` (compared as two Characters, as `read(string:)` does).
        mutating func readClosing() -> Bool {
            guard position + 2 <= chars.count, chars[position] == "}", chars[position + 1] == "}" else { return false }
            position += 2
            return true
        }

        /// Skips to just past the first `}}` with swift-mustache's `read(untilString:skipToEnd:)` matching.
        mutating func skipComment() -> Bool {
            var matched = 0
            while !reachedEnd {
                if chars[position] == "}" {
                    matched += 1
                    if matched == 2 {
                        position += 1
                        return true
                    }
                } else {
                    matched = 0
                }
                position += 1
            }
            return false
        }

        /// `CONTENT_TYPE: NAME}}` for one of the tool's content types.
        mutating func readContentType() -> Escaping? {
            let keyChars = Parser.nameChars.subtracting(["(", ")"])
            _ = read { $0.isWhitespace }
            let variable = read(while: keyChars)
            _ = read { $0.isWhitespace }
            guard current == ":" else { return nil }
            position += 1
            _ = read { $0.isWhitespace }
            let value = read(while: keyChars)
            _ = read { $0.isWhitespace }
            guard readClosing(), variable == "CONTENT_TYPE" else { return nil }
            return Escaping(contentType: value)
        }

        /// A tag alone on its line: at a line start, and only spaces or tabs then a line end (consumed) follow.
        mutating func isStandalone() -> Bool {
            guard newLine else { return false }
            if reachedEnd { return true }
            var next = position
            while next < chars.count, Parser.spaceOrTab.contains(chars[next]) { next += 1 }
            guard next < chars.count, chars[next].isNewline else { return false }
            position = next + 1
            return true
        }

        mutating func read(while set: Set<Character>) -> String { read { set.contains($0) } }

        mutating func read(while test: (Character) -> Bool) -> String {
            let start = position
            while position < chars.count, test(chars[position]) { position += 1 }
            return String(chars[start..<position])
        }
    }
}
