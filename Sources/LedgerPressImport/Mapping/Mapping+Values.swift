extension Mapping.Reader {
    /// `key: expected EXPECTED, got FOUND`, at the key's line.
    func fail(_ key: String, expected: String, got value: Any?) -> Mapping.Failure {
        Mapping.Failure(
            file: file, message: "\(key): expected \(expected), got \(describe(value, at: key))", line: lines[key])
    }

    /// A value as the user wrote it: `'-1'`, `text "1"`, `a list`, `nothing`.
    func describe(_ value: Any?, at key: String) -> String {
        switch value {
        case nil: return "nothing"
        case let plain as YAMLTree.Plain: return plain.text.isEmpty ? "nothing" : "'\(plain.text)'"
        case let text as String: return quoted.contains(key) ? "text \"\(text)\"" : "'\(text)'"
        case let flag as Bool: return "'\(flag)'"
        case is [Any]: return "a list"
        case is [String: Any]: return "a mapping"
        default: return "'\(String(describing: value))'"
        }
    }

    /// A whole number written in decimal digits (`3`, `007`) within `range`; `fallback` when the key is absent.
    func wholeNumber(_ value: Any?, _ key: String, in range: ClosedRange<Int>, default fallback: Int)
        throws(Mapping.Failure) -> Int
    {
        guard let value else { return fallback }
        if let plain = value as? YAMLTree.Plain, !plain.isNull, !plain.text.isEmpty,
            plain.text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
            let number = Int(plain.text), range.contains(number)
        {
            return number
        }
        throw fail(key, expected: "a whole number from \(range.lowerBound) to \(range.upperBound)", got: value)
    }

    /// `true` or `false` (YAML's other spellings such as `yes` too); `fallback` when the key is absent.
    func flag(_ value: Any?, _ key: String, default fallback: Bool) throws(Mapping.Failure) -> Bool {
        guard let value else { return fallback }
        guard let flag = value as? Bool else { throw fail(key, expected: "true or false", got: value) }
        return flag
    }

    /// A list of texts (numbers as written); empty when the key is absent.
    func textList(_ value: Any?, _ key: String) throws(Mapping.Failure) -> [String] {
        guard let value else { return [] }
        guard let list = value as? [Any] else { throw fail(key, expected: "a list of texts", got: value) }
        var texts: [String] = []
        for item in list {
            switch item {
            case let text as String: texts.append(text)
            case let plain as YAMLTree.Plain where !plain.isNull: texts.append(plain.text)
            default: throw fail(key, expected: "a list of texts", got: item)
            }
        }
        return texts
    }
}
