import CCurl
import Foundation
import Translation

/// What a message is sent with: the server, who signs in, and the CA file to trust in place of
/// the system's (an organization's own certificate authority, or a test's).
public struct SMTPLogin: Hashable, Sendable {
    public var server: SMTPServer
    /// Empty: the server takes mail without signing in (a relay on this computer).
    public var user: String
    public var password: String
    public var caFile: String?

    public init(server: SMTPServer, user: String, password: String, caFile: String? = nil) {
        self.server = server
        self.user = user
        self.password = password
        self.caFile = caFile
    }
}

/// Hands a written message to a mail server. `SMTPSender` is the real one; tests use others.
public protocol MailTransport: Sendable {
    func send(_ message: Data, from: String, to: String, login: SMTPLogin) async throws(MailSendError)
}

/// SMTP through libcurl: the protocol (EHLO, STARTTLS, AUTH, MAIL FROM, RCPT TO, DATA with its
/// dot-stuffing) is libcurl's, none of it written here. Each message gets its own connection,
/// made on a background queue, never the caller's thread (the window stays responsive).
/// Certificates and host names are always checked.
public struct SMTPSender: MailTransport {
    public var connectTimeout: Double
    /// Seconds the whole exchange may take, connection included.
    public var totalTimeout: Double

    private static let queue = DispatchQueue(label: "steward.smtp", qos: .utility, attributes: .concurrent)

    public init(connectTimeout: Double = 15, totalTimeout: Double = 60) {
        self.connectTimeout = connectTimeout
        self.totalTimeout = totalTimeout
    }

    public func send(_ message: Data, from: String, to: String, login: SMTPLogin) async throws(MailSendError) {
        CurlLibrary.initialize()
        let result: Result<Void, MailSendError> = await withCheckedContinuation { continuation in
            Self.queue.async {
                continuation.resume(returning: perform(message, from: from, to: to, login: login))
            }
        }
        try result.get()
    }

    // MARK: The transfer, on the background queue

    private func perform(_ message: Data, from: String, to: String, login: SMTPLogin) -> Result<Void, MailSendError> {
        guard let handle = curl_easy_init() else { return .failure(.other(tr("libcurl could not start a transfer"))) }
        defer { curl_easy_cleanup(handle) }
        let upload = UploadSource(message)
        let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        defer { errorBuffer.deallocate() }
        let recipients: UnsafeMutablePointer<curl_slist>? = curl_slist_append(nil, "<\(to)>")
        defer { curl_slist_free_all(recipients) }

        return withExtendedLifetime(upload) { () -> Result<Void, MailSendError> in
            var failed: CURLcode = CURLE_OK
            func set(_ code: CURLcode) { if failed == CURLE_OK, code != CURLE_OK { failed = code } }
            let server = login.server
            set(ccurl_setopt_string(handle, CURLOPT_URL, server.url))
            set(ccurl_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "smtp,smtps"))
            set(ccurl_setopt_long(handle, CURLOPT_NOSIGNAL, 1))
            set(ccurl_setopt_use_tls(handle, server.security == .startTLSWhenOffered ? 0 : 1))
            set(ccurl_setopt_long(handle, CURLOPT_SSL_VERIFYPEER, 1))
            set(ccurl_setopt_long(handle, CURLOPT_SSL_VERIFYHOST, 2))
            if let caFile = login.caFile { set(ccurl_trust_only_ca_file(handle, caFile)) }
            if !login.user.isEmpty {
                set(ccurl_setopt_string(handle, CURLOPT_USERNAME, login.user))
                set(ccurl_setopt_string(handle, CURLOPT_PASSWORD, login.password))
            }
            set(ccurl_setopt_string(handle, CURLOPT_MAIL_FROM, "<\(from)>"))
            set(ccurl_setopt_slist(handle, CURLOPT_MAIL_RCPT, recipients))
            set(ccurl_setopt_long(handle, CURLOPT_UPLOAD, 1))
            set(ccurl_setopt_read_callback(handle, { buffer, size, count, context in
                Unmanaged<UploadSource>.fromOpaque(context!).takeUnretainedValue().read(into: buffer, max: size * count)
            }, Unmanaged.passUnretained(upload).toOpaque()))
            set(ccurl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, CurlLibrary.milliseconds(connectTimeout)))
            set(ccurl_setopt_long(handle, CURLOPT_TIMEOUT_MS, CurlLibrary.milliseconds(totalTimeout)))
            set(ccurl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer))
            if failed != CURLE_OK {
                return .failure(.other(tr("libcurl refused an option: {reason}", ["reason": String(cString: curl_easy_strerror(failed))])))
            }
            let code = curl_easy_perform(handle)
            guard code != CURLE_OK else { return .success(()) }
            var reply = 0
            _ = ccurl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &reply)
            return .failure(SMTPFailure.error(for: code, detail: CurlLibrary.detail(code, errorBuffer: errorBuffer),
                                              lastReply: reply, osError: CurlLibrary.osError(handle: handle),
                                              connectFailure: CurlLibrary.connectFailure(handle: handle),
                                              from: from, to: to, login: login))
        }
    }
}

/// The message's bytes, handed to libcurl as it asks for them. Only the transfer's thread
/// touches it.
private final class UploadSource {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ data: Data) {
        bytes = Array(data)
    }

    func read(into buffer: UnsafeMutablePointer<CChar>?, max: Int) -> Int {
        guard let buffer, max > 0 else { return 0 }
        let count = min(max, bytes.count - offset)
        guard count > 0 else { return 0 }
        bytes.withUnsafeBufferPointer { source in
            UnsafeMutableRawPointer(buffer).copyMemory(from: source.baseAddress! + offset, byteCount: count)
        }
        offset += count
        return count
    }
}
