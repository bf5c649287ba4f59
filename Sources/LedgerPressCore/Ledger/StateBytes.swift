/// Writes a ledger's state (``Ledger/writeState(_:)``) as bytes: integers as eight bytes, little-endian; a text as its
/// UTF-8 length and bytes; records as they are. The bytes go to `sink` a buffer at a time.
public struct StateWriter {
    private var buffer: [UInt8] = []
    private let sink: ([UInt8]) throws -> Void
    private static let bufferBytes = 1 << 20

    public init(sink: @escaping ([UInt8]) throws -> Void) {
        self.sink = sink
        buffer.reserveCapacity(Self.bufferBytes)
    }

    public mutating func int(_ value: Int) throws {
        withUnsafeBytes(of: Int64(value).littleEndian) { buffer.append(contentsOf: $0) }
        if buffer.count >= Self.bufferBytes { try flush() }
    }

    public mutating func text(_ value: String) throws {
        var value = value
        try value.withUTF8 { bytes in
            try int(bytes.count)
            try raw(UnsafeRawBufferPointer(bytes))
        }
    }

    public mutating func optionalText(_ value: String?) throws {
        try int(value == nil ? 0 : 1)
        if let value { try text(value) }
    }

    public mutating func raw(_ bytes: UnsafeRawBufferPointer) throws {
        if buffer.count + bytes.count > Self.bufferBytes { try flush() }
        if bytes.count >= Self.bufferBytes {
            try sink(Array(bytes))
        } else {
            buffer.append(contentsOf: bytes)
        }
    }

    /// Hands what is buffered to the sink.
    public mutating func flush() throws {
        guard !buffer.isEmpty else { return }
        try sink(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}

/// Reads what a ``StateWriter`` wrote, from `source` (which gives up to the bytes asked for; fewer only at the end).
public struct StateReader {
    private var buffer: [UInt8] = []
    private var position = 0
    private let source: (Int) throws -> [UInt8]
    private static let pieceBytes = 1 << 20

    public init(source: @escaping (Int) throws -> [UInt8]) { self.source = source }

    /// State bytes that end early or say something impossible (a negative length, a count beyond `limit`).
    public struct Damaged: Error, CustomStringConvertible {
        public var description: String
    }

    /// Makes at least `count` bytes available after `position`, or throws.
    private mutating func need(_ count: Int) throws {
        guard buffer.count - position < count else { return }
        buffer.removeSubrange(..<position)
        position = 0
        while buffer.count < count {
            let piece = try source(max(count - buffer.count, Self.pieceBytes))
            guard !piece.isEmpty else { throw Damaged(description: "the state ends early") }
            buffer += piece
        }
    }

    public mutating func int() throws -> Int {
        try need(8)
        var value: Int64 = 0
        withUnsafeMutableBytes(of: &value) { $0.copyBytes(from: buffer[position..<(position + 8)]) }
        position += 8
        return Int(Int64(littleEndian: value))
    }

    /// A count or length, at most `limit`.
    public mutating func count(atMost limit: Int) throws -> Int {
        let value = try int()
        guard value >= 0, value <= limit else { throw Damaged(description: "a count of \(value)") }
        return value
    }

    public mutating func text() throws -> String {
        let length = try count(atMost: 1 << 30)
        try need(length)
        defer { position += length }
        return String(decoding: buffer[position..<(position + length)], as: UTF8.self)
    }

    public mutating func optionalText() throws -> String? {
        switch try int() {
        case 0: return nil
        case 1: return try text()
        case let other: throw Damaged(description: "an optional text marked \(other)")
        }
    }

    /// Calls `body` with the next `count` bytes (valid only during the call).
    public mutating func raw<Result>(_ count: Int, _ body: (UnsafeRawBufferPointer) throws -> Result) throws -> Result {
        try need(count)
        defer { position += count }
        return try buffer.withUnsafeBytes {
            try body(UnsafeRawBufferPointer(rebasing: $0[position..<(position + count)]))
        }
    }

    /// Whether every byte has been read.
    public mutating func atEnd() throws -> Bool {
        if position < buffer.count { return false }
        let piece = try source(Self.pieceBytes)
        buffer = piece
        position = 0
        return piece.isEmpty
    }
}
