import CISAL

/// Intel's ISA-L (igzip), in-process: the only file that imports `CISAL`. A document's own streams (content, object
/// streams, ToUnicode maps, the cross-reference stream) are compressed with it at its level 0,
/// zlib-wrapped (`/FlateDecode`). On the month statements of the 200,000-entry bench it compresses them in about a
/// third of libdeflate's time at its fastest level (a few microseconds per stream where libdeflate spends about six
/// setting up its tables), for streams about 25 % larger. The fonts (compressed once per subset kept) and the
/// attachment (ledger text: ``PDFFile/stream(_:_:raw:)``) stay with libdeflate (``Deflate``).
///
/// > Note: the same bytes in give the same bytes out, whatever the compressor compressed before, and on every x86-64
/// > CPU with SSE4.2: level 0 has one code path per instruction set (SSE4.2, AVX, AVX2), and the three were checked
/// > to write the same bytes (docs/pdf.md); only the plain C path, for CPUs without SSE4.2, writes others.
final class IGzip: @unchecked Sendable {
    /// The compressor's state (about 80 KB, with its hash table), allocated once and reused for every stream.
    private let stream: UnsafeMutablePointer<isal_zstream>

    init() {
        stream = .allocate(capacity: 1)
        stream.initialize(to: isal_zstream())
    }

    deinit {
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// `bytes` zlib-compressed.
    func zlib(_ bytes: [UInt8]) throws -> [UInt8] {
        // Room for the stored blocks ISA-L falls back to when compressing does not pay, and the zlib header and
        // checksum; twice as much again in the unlikely case that it does not suffice.
        var capacity = bytes.count + bytes.count / 8 + 1024
        while true {
            var result: Int32 = 0
            let out = [UInt8](unsafeUninitializedCapacity: capacity) { output, written in
                bytes.withUnsafeBufferPointer { input in
                    isal_deflate_stateless_init(stream)
                    stream.pointee.level = 0
                    stream.pointee.gzip_flag = UInt16(IGZIP_ZLIB)
                    stream.pointee.end_of_stream = 1
                    stream.pointee.flush = UInt16(NO_FLUSH)
                    stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                    stream.pointee.avail_in = UInt32(input.count)
                    stream.pointee.next_out = output.baseAddress
                    stream.pointee.avail_out = UInt32(output.count)
                    result = isal_deflate_stateless(stream)
                    written = result == COMP_OK ? Int(stream.pointee.total_out) : 0
                }
            }
            if result == COMP_OK { return out }
            guard result == STATELESS_OVERFLOW else {
                throw Deflate.Failure(description: "ISA-L could not compress \(bytes.count) bytes (error \(result))")
            }
            capacity *= 2
        }
    }
}
