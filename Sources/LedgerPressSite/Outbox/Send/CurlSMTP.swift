import CCurl
import Foundation

/// SMTP through libcurl (Debian's libcurl4-openssl-dev), in-process: the only file that imports CCurl. One call
/// sends one message on a connection of its own: `smtp://` upgrades with STARTTLS when the server offers it,
/// `smtps://` speaks TLS from the start.
enum CurlSMTP {
    /// How a transfer ended: curl's result, the last SMTP reply code, and the server's last reply lines.
    struct Result {
        var code: CURLcode
        var reply: Int
        var serverText: String
        var curlText: String

        var succeeded: Bool { code == CURLE_OK }
        /// The server could not be reached, or the connection broke, or it did not answer in time.
        var unreachable: Bool {
            [
                CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY,
                CURLE_OPERATION_TIMEDOUT, CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_GOT_NOTHING,
            ].contains(code) && !(400..<600).contains(reply)
        }
        /// The login was refused, or TLS could not be set up: the setup is at fault, not the message.
        var setupFault: Bool {
            [CURLE_LOGIN_DENIED, CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_USE_SSL_FAILED]
                .contains(code) || reply == 535 || reply == 530
        }
    }

    /// What the read and debug callbacks share with the call: the message and how much was read, the replies.
    private final class Transfer {
        let bytes: [UInt8]
        var offset = 0
        var replies: [String] = []

        init(_ bytes: [UInt8]) { self.bytes = bytes }
    }

    private static let initialised: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

    /// Sends `message` to `recipients` from `sender` through the server at `url`; `timeout` bounds the whole call.
    /// `caFile`: the certificates (PEM) to trust for the server's TLS instead of the system's.
    static func send(
        url: String, sender: String, recipients: [String], message: [UInt8], user: String?, password: String?,
        timeout: Int, caFile: String? = nil
    ) -> Result {
        guard initialised, let curl = curl_easy_init() else {
            return Result(code: CURLE_FAILED_INIT, reply: 0, serverText: "", curlText: "libcurl failed to start")
        }
        defer { curl_easy_cleanup(curl) }
        var list: UnsafeMutablePointer<curl_slist>?
        for recipient in recipients { list = curl_slist_append(list, "<\(recipient)>") }
        defer { curl_slist_free_all(list) }
        var errorBuffer = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        let transfer = Transfer(message)
        let context = Unmanaged.passRetained(transfer)
        defer { context.release() }
        let texts: [String] = [url, "<\(sender)>", user ?? "", password ?? "", caFile ?? ""]
        let strings = texts.map { strdup($0) }
        defer { strings.forEach { free($0) } }
        let code: CURLcode = errorBuffer.withUnsafeMutableBufferPointer { buffer in
            _ = ledgerpress_curl_set_pointer(curl, CURLOPT_URL, strings[0])
            _ = ledgerpress_curl_set_pointer(curl, CURLOPT_MAIL_FROM, strings[1])
            _ = ledgerpress_curl_set_pointer(curl, CURLOPT_MAIL_RCPT, list)
            if user != nil {
                _ = ledgerpress_curl_set_pointer(curl, CURLOPT_USERNAME, strings[2])
                _ = ledgerpress_curl_set_pointer(curl, CURLOPT_PASSWORD, strings[3])
            }
            if caFile != nil { _ = ledgerpress_curl_set_pointer(curl, CURLOPT_CAINFO, strings[4]) }
            _ = ledgerpress_curl_set_long(curl, CURLOPT_USE_SSL, Int(CURLUSESSL_TRY.rawValue))
            _ = ledgerpress_curl_set_long(curl, CURLOPT_UPLOAD, 1)
            _ = ledgerpress_curl_set_long(curl, CURLOPT_NOSIGNAL, 1)
            _ = ledgerpress_curl_set_long(curl, CURLOPT_TIMEOUT, timeout)
            _ = ledgerpress_curl_set_long(curl, CURLOPT_CONNECTTIMEOUT, min(timeout, 20))
            _ = ledgerpress_curl_set_long(curl, CURLOPT_PROTOCOLS, Int(CURLPROTO_SMTP | CURLPROTO_SMTPS))
            _ = ledgerpress_curl_set_pointer(curl, CURLOPT_ERRORBUFFER, buffer.baseAddress)
            _ = ledgerpress_curl_set_pointer(curl, CURLOPT_READDATA, context.toOpaque())
            _ = ledgerpress_curl_set_read(curl) { pointer, size, count, data in
                guard let pointer, let data else { return 0 }
                let transfer = Unmanaged<Transfer>.fromOpaque(data).takeUnretainedValue()
                let length = min(size * count, transfer.bytes.count - transfer.offset)
                transfer.bytes.withUnsafeBufferPointer { source in
                    guard let base = source.baseAddress else { return }
                    UnsafeMutableRawPointer(pointer).copyMemory(from: base + transfer.offset, byteCount: length)
                }
                transfer.offset += length
                return length
            }
            // The server's replies (CURLINFO_HEADER_IN), to quote the one that refused a message.
            _ = ledgerpress_curl_set_long(curl, CURLOPT_VERBOSE, 1)
            _ = ledgerpress_curl_set_pointer(curl, CURLOPT_DEBUGDATA, context.toOpaque())
            _ = ledgerpress_curl_set_debug(curl) { _, kind, text, length, data in
                guard kind == CURLINFO_HEADER_IN, let text, let data else { return 0 }
                let transfer = Unmanaged<Transfer>.fromOpaque(data).takeUnretainedValue()
                let line = String(decoding: UnsafeRawBufferPointer(start: text, count: length), as: UTF8.self)
                transfer.replies.append(line.trimmingCharacters(in: .whitespacesAndNewlines))
                if transfer.replies.count > 8 { transfer.replies.removeFirst() }
                return 0
            }
            return curl_easy_perform(curl)
        }
        var reply = 0
        _ = ledgerpress_curl_response_code(curl, &reply)
        let curlText = String(decoding: errorBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return Result(
            code: code, reply: reply,
            // The refusal (a 4xx or 5xx), not the goodbye that follows it.
            serverText: transfer.replies.last(where: { $0.hasPrefix("4") || $0.hasPrefix("5") })
                ?? transfer.replies.last ?? "",
            curlText: curlText.isEmpty ? String(cString: curl_easy_strerror(code)) : curlText)
    }
}
