import CDeflate

/// libdeflate, in-process: the only file that imports `CDeflate`. What a writer compresses once and embeds in many
/// documents (the font subsets it keeps, the sRGB profile) and a document's attachment (ledger text) are compressed
/// with it, zlib-wrapped (`/FlateDecode`); a document's other streams with ISA-L (``IGzip``).
///
/// > Note: a compressor is not shared across threads; the same bytes in give the same bytes out.
final class Deflate: @unchecked Sendable {
    private let compressor: OpaquePointer

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The level of the font subsets (compressed once per subset kept: ``SubsetCache``) and the attachment:
    /// libdeflate's fastest. On the month statements of the 6,000-entry sample it compressed in about a third of
    /// level 6's time, for font subsets about 3 % larger.
    static let documentLevel: Int32 = 1
    /// The level of what is compressed once per writer (the sRGB profile): libdeflate's default.
    static let onceLevel: Int32 = 6

    /// A compressor at `level` (1 fastest ... 12 smallest).
    init(level: Int32 = Deflate.documentLevel) throws {
        guard let made = libdeflate_alloc_compressor(level) else {
            throw Failure(description: "libdeflate could not allocate a compressor")
        }
        compressor = made
    }

    deinit { libdeflate_free_compressor(compressor) }

    /// `bytes` zlib-compressed.
    func zlib(_ bytes: [UInt8]) throws -> [UInt8] {
        let bound = libdeflate_zlib_compress_bound(compressor, bytes.count)
        var out = [UInt8](repeating: 0, count: bound)
        let written = bytes.withUnsafeBytes { input in
            out.withUnsafeMutableBytes { output in
                libdeflate_zlib_compress(compressor, input.baseAddress, input.count, output.baseAddress, bound)
            }
        }
        guard written > 0 else { throw Failure(description: "libdeflate could not compress \(bytes.count) bytes") }
        out.removeLast(bound - written)
        return out
    }
}
