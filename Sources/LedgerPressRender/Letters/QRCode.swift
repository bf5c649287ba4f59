import CQRencode
import Foundation

/// QR codes through Debian's libqrencode, in-process: the only file that imports `CQRencode`.
///
/// > Note: the text is encoded as 8-bit data at error-correction level M; the symbol is drawn as inline SVG
/// > (one `<path>` of dark modules, a 4-module quiet zone, no external resources). libqrencode returns NULL
/// > for text that does not fit a symbol (or when out of memory): that throws, never an empty picture.
public enum QRCode {
    /// Text libqrencode could not encode (too long for a symbol, or out of memory).
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public var length: Int
        public var description: String { "libqrencode could not encode \(length) bytes as a QR code" }
    }

    /// The symbol's modules, row by row (`true`: dark), and its width in modules.
    public static func modules(for text: String) throws(Failure) -> (width: Int, dark: [Bool]) {
        let bytes = Array(text.utf8)
        let code = bytes.withUnsafeBufferPointer { buffer in
            QRcode_encodeData(Int32(buffer.count), buffer.baseAddress, 0, QR_ECLEVEL_M)
        }
        guard let code else { throw Failure(length: bytes.count) }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        guard width > 0, let data = code.pointee.data else { throw Failure(length: bytes.count) }
        let dark = (0..<width * width).map { data[$0] & 1 == 1 }
        return (width, dark)
    }

    /// The QR code of `text` as an `<svg>` element; `label` (already HTML-escaped by the caller's escaper, or
    /// plain ASCII) is its accessible name.
    public static func svg(for text: String, escapedLabel label: String) throws(Failure) -> String {
        let (width, dark) = try modules(for: text)
        let quiet = 4
        let size = width + 2 * quiet
        var path = ""
        for row in 0..<width {
            var column = 0
            while column < width {
                guard dark[row * width + column] else {
                    column += 1
                    continue
                }
                var run = 1
                while column + run < width, dark[row * width + column + run] { run += 1 }
                path += "M\(column + quiet) \(row + quiet)h\(run)v1h-\(run)z"
                column += run
            }
        }
        return """
            <svg class="qr" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(size) \(size)" width="\(size * 4)" \
            height="\(size * 4)" role="img" aria-label="\(label)">\
            <rect width="\(size)" height="\(size)" fill="#fff"/><path fill="#000" d="\(path)"/></svg>
            """
    }
}
