extension Array where Element == UInt8 {
    /// Appends `count` bytes that `write` fills in place: how a text formatted from the back (a decimal, a
    /// timestamp) is appended without a `String` of its own.
    mutating func append(count: Int, writing write: (UnsafeMutableBufferPointer<UInt8>) -> Void) {
        let start = self.count
        self += repeatElement(0, count: count)
        withUnsafeMutableBufferPointer { all in write(UnsafeMutableBufferPointer(rebasing: all[start...])) }
    }
}
