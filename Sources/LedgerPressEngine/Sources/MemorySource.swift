import LedgerPressImport
/// Rows held in memory, in any import format: tests, and front ends that receive a ledger rather than a file.
public struct MemorySource: LedgerSource {
    public let name: String
    public let bytes: [UInt8]
    public var recordedName: String { name }
    public var kind: String? { "memory" }

    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
    }

    public init(name: String, text: String) { self.init(name: name, bytes: Array(text.utf8)) }

    public func open() -> any SourceReader { Reader(bytes: bytes) }

    final class Reader: SourceReader {
        private let bytes: [UInt8]
        private var offset = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        var sizeHint: Int { bytes.count }

        func next(upTo limit: Int) -> [UInt8]? {
            guard offset < bytes.count else { return nil }
            let end = min(bytes.count, offset + max(1, limit))
            defer { offset = end }
            return Array(bytes[offset..<end])
        }
    }
}
