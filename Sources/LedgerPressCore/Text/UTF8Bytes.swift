extension Array where Element == UInt8 {
    /// Appends `text`'s UTF-8 bytes in one copy from its contiguous storage: `+= text.utf8` takes the generic
    /// sequence path, which measured twice as slow for the short texts tables and digests are made of.
    @inlinable
    public mutating func append(utf8 text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }

    /// Appends `count` bytes that `write` fills in place: how a text formatted from the back (a decimal, a
    /// timestamp) is appended without a `String` of its own.
    mutating func append(count: Int, writing write: (UnsafeMutableBufferPointer<UInt8>) -> Void) {
        let start = self.count
        self += repeatElement(0, count: count)
        withUnsafeMutableBufferPointer { all in write(UnsafeMutableBufferPointer(rebasing: all[start...])) }
    }
}

extension String {
    /// Whether this text comes before `other` in the order of their UTF-8 bytes: what
    /// `utf8.lexicographicallyPrecedes(other.utf8)` answers, compared on the contiguous bytes (the generic
    /// version walks both views index by index, which made sorting a payee's paths a visible cost).
    public func utf8Precedes(_ other: String) -> Bool {
        var mine = self
        var theirs = other
        return mine.withUTF8 { a in
            theirs.withUTF8 { b in
                let common = Swift.min(a.count, b.count)
                var index = 0
                while index < common {
                    if a[index] != b[index] { return a[index] < b[index] }
                    index += 1
                }
                return a.count < b.count
            }
        }
    }
}

extension Array {
    /// The elements in the UTF-8 byte order of a text key, stable (equal keys keep their order). The keys are
    /// sorted with their positions and each element is copied once, instead of moving the elements themselves
    /// through the sort (a payee's statement records and file entries are large structs).
    public func sorted(byUTF8 key: (Element) -> String) -> [Element] {
        let keys = map(key)
        return keys.indices.sorted { keys[$0].utf8Precedes(keys[$1]) }.map { self[$0] }
    }
}
