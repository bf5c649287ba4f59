import CDeflate

/// libdeflate, in-process: the only file that imports `CDeflate`. Streams are zlib-wrapped (`/FlateDecode`).
///
/// > Note: one compressor per document (it is not shared across threads); the same bytes in give the same bytes
/// > out.
final class Deflate {
    private let compressor: OpaquePointer

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// A compressor at level 6 (libdeflate's default: about zlib 9's size at several times its speed).
    init() throws {
        guard let made = libdeflate_alloc_compressor(6) else {
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
