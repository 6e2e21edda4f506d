import CCurl
import Foundation

#if canImport(Glibc)
import Glibc
import Translation
#endif

/// HTTP over libcurl, for the sync engine. Each request gets its own easy handle and runs on a
/// background queue, never the caller's thread; the handles share one connection cache (and DNS
/// and TLS session caches), so consecutive requests to the store reuse a kept-alive connection.
///
/// Only http and https; certificates and host names are always checked (against the system's
/// CAs, or the request's CA file in their place); no redirects are followed; signals are never
/// used for timeouts (`CURLOPT_NOSIGNAL`). A request carrying a password or token is not sent
/// over plain HTTP to another computer unless its `security` allows it: the console's own
/// checks refuse such addresses when they are entered, and this one holds whatever the caller.
public final class HTTPClient: Sendable {
    public let options: HTTPClientOptions
    private let shared: SharedCache
    private static let queue = DispatchQueue(label: "steward.http", qos: .utility, attributes: .concurrent)

    public init(options: HTTPClientOptions = HTTPClientOptions()) {
        CurlLibrary.initialize()
        self.options = options
        self.shared = SharedCache()
    }

    /// Sends the request and returns the answer, whatever its status. Throws `HTTPClientError` when
    /// there is no answer.
    public func send(_ request: HTTPClientRequest) async throws(HTTPClientError) -> HTTPClientResponse {
        guard Self.isHTTPURL(request.url) else { throw .invalidURL(request.url) }
        if request.carriesCredentials, !request.security.allowInsecure, Loopback.isUnencryptedOffLoopback(request.url) {
            throw .credentialsOverPlainHTTP(url: request.url)
        }
        let cancel = CancelFlag()
        let result: Result<HTTPClientResponse, HTTPClientError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                Self.queue.async {
                    continuation.resume(returning: self.perform(request, cancel: cancel))
                }
            }
        } onCancel: {
            cancel.set()
        }
        return try result.get()
    }

    /// Whether `text` is an absolute http:// or https:// address with a host.
    public static func isHTTPURL(_ text: String) -> Bool {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty
        else { return false }
        return true
    }

    // MARK: The transfer, on the background queue

    private func perform(_ request: HTTPClientRequest, cancel: CancelFlag) -> Result<HTTPClientResponse, HTTPClientError> {
        guard let handle = curl_easy_init() else { return .failure(.other("libcurl could not start a request")) }
        defer { curl_easy_cleanup(handle) }
        let sink = ResponseSink(limit: options.maxResponseBytes, cancel: cancel)
        let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        defer { errorBuffer.deallocate() }
        var headerList: UnsafeMutablePointer<curl_slist>?
        defer { curl_slist_free_all(headerList) }

        return withExtendedLifetime(sink) { () -> Result<HTTPClientResponse, HTTPClientError> in
            let context = Unmanaged.passUnretained(sink).toOpaque()
            var failed: CURLcode = CURLE_OK
            func set(_ code: CURLcode) { if failed == CURLE_OK, code != CURLE_OK { failed = code } }

            set(ccurl_setopt_string(handle, CURLOPT_URL, request.url))
            set(ccurl_setopt_long(handle, CURLOPT_NOSIGNAL, 1))
            set(ccurl_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "http,https"))
            set(ccurl_setopt_string(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https"))
            set(ccurl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 0))
            // libcurl's defaults, set all the same: no code path may ever turn them off.
            set(ccurl_setopt_long(handle, CURLOPT_SSL_VERIFYPEER, 1))
            set(ccurl_setopt_long(handle, CURLOPT_SSL_VERIFYHOST, 2))
            if let caFile = request.security.caFile {
                // The organization's CA in place of the system's: the store's certificate must
                // chain to this file.
                set(ccurl_trust_only_ca_file(handle, caFile))
            }
            set(ccurl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(options.connectTimeout)))
            set(ccurl_setopt_long(handle, CURLOPT_TIMEOUT_MS, Self.milliseconds(options.totalTimeout)))
            // "" = every encoding this libcurl can decode (gzip at least); it decodes the body.
            set(ccurl_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, ""))
            set(ccurl_setopt_string(handle, CURLOPT_USERAGENT, options.userAgent))
            set(ccurl_setopt_share(handle, shared.pointer))
            set(ccurl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer))
            set(ccurl_setopt_data_callback(handle, CURLOPT_WRITEFUNCTION, { data, size, count, context in
                Unmanaged<ResponseSink>.fromOpaque(context!).takeUnretainedValue().appendBody(data, size * count)
            }))
            set(ccurl_setopt_pointer(handle, CURLOPT_WRITEDATA, context))
            set(ccurl_setopt_data_callback(handle, CURLOPT_HEADERFUNCTION, { data, size, count, context in
                Unmanaged<ResponseSink>.fromOpaque(context!).takeUnretainedValue().appendHeader(data, size * count)
            }))
            set(ccurl_setopt_pointer(handle, CURLOPT_HEADERDATA, context))
            set(ccurl_setopt_long(handle, CURLOPT_NOPROGRESS, 0))
            set(ccurl_setopt_progress_callback(handle, { context, _, _, _, _ in
                Unmanaged<ResponseSink>.fromOpaque(context!).takeUnretainedValue().cancel.isSet ? 1 : 0
            }))
            set(ccurl_setopt_pointer(handle, CURLOPT_XFERINFODATA, context))
            if request.http2Only {
                let plain = request.url.lowercased().hasPrefix("http:")
                let version = plain ? CURL_HTTP_VERSION_2_PRIOR_KNOWLEDGE : CURL_HTTP_VERSION_2TLS
                set(ccurl_setopt_long(handle, CURLOPT_HTTP_VERSION, Int(version)))
            }
            if request.publicAddressesOnly {
                set(ccurl_setopt_prereq_callback(handle, { context, primaryIP, _, _, _ in
                    let sink = Unmanaged<ResponseSink>.fromOpaque(context!).takeUnretainedValue()
                    let address = primaryIP.map { String(cString: $0) } ?? ""
                    guard InternalAddress.isInternal(text: address) else { return CURL_PREREQFUNC_OK }
                    sink.refusedAddress = address
                    return CURL_PREREQFUNC_ABORT
                }))
                set(ccurl_setopt_pointer(handle, CURLOPT_PREREQDATA, context))
            }

            var headers = request.headers
            if let signing = request.awsSigV4 {
                set(ccurl_setopt_string(handle, CURLOPT_AWS_SIGV4, signing.provider))
                set(ccurl_setopt_string(handle, CURLOPT_USERNAME, signing.accessKeyId))
                set(ccurl_setopt_string(handle, CURLOPT_PASSWORD, signing.secretAccessKey))
            } else {
                // Without this, libcurl waits up to a second for "100 Continue" before larger
                // bodies. (Signed requests keep it: libcurl would sign the emptied header, which
                // the server never sees; and a refused part is then never sent.)
                headers["Expect"] = ""
            }
            if let token = request.bearerToken { headers["Authorization"] = "Bearer \(token)" }
            var body = request.body
            if let plain = body, request.compressible, request.awsSigV4 == nil, plain.count > options.compressBodiesOver,
               !headers.keys.contains(where: { $0.lowercased() == "content-encoding" }) {
                body = Gzip.compress(plain)
                headers["Content-Encoding"] = "gzip"
            }
            for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
                // "Name;" sends an empty header; "Name:" removes one libcurl would add.
                let line = value.isEmpty ? (name == "Expect" ? "\(name):" : "\(name);") : "\(name): \(value)"
                headerList = curl_slist_append(headerList, line)
            }
            set(ccurl_setopt_pointer(handle, CURLOPT_HTTPHEADER, headerList))

            let method = request.method.uppercased()
            switch method {
            case _ where request.bodyFile != nil:
                guard let file = request.bodyFile, let reader = BodyFileReader(file: file) else {
                    return .failure(.other("cannot read \(request.bodyFile?.path ?? "") to send it"))
                }
                sink.bodyFile = reader
                set(ccurl_setopt_long(handle, CURLOPT_UPLOAD, 1))
                if method != "PUT" { set(ccurl_setopt_string(handle, CURLOPT_CUSTOMREQUEST, method)) }
                set(ccurl_setopt_offset(handle, CURLOPT_INFILESIZE_LARGE, curl_off_t(reader.size)))
                set(ccurl_setopt_read_callback(handle, { data, size, count, context in
                    Unmanaged<BodyFileReader>.fromOpaque(context!).takeUnretainedValue().read(into: data, size * count)
                }, Unmanaged.passUnretained(reader).toOpaque()))
            case "GET" where body == nil:
                set(ccurl_setopt_long(handle, CURLOPT_HTTPGET, 1))
            case "HEAD":
                set(ccurl_setopt_long(handle, CURLOPT_NOBODY, 1))
            default:
                if method != "POST" { set(ccurl_setopt_string(handle, CURLOPT_CUSTOMREQUEST, method)) }
                let bytes = body ?? Data()
                set(ccurl_setopt_long(handle, CURLOPT_POST, 1))
                set(ccurl_setopt_offset(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(bytes.count)))
                // COPYPOSTFIELDS copies the bytes (POSTFIELDSIZE_LARGE first, so binary is fine).
                bytes.withUnsafeBytes { raw in
                    var empty: UInt8 = 0
                    let pointer = raw.baseAddress ?? withUnsafePointer(to: &empty) { UnsafeRawPointer($0) }
                    set(ccurl_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: pointer)))
                }
            }
            if failed != CURLE_OK {
                return .failure(.other("libcurl refused an option: \(String(cString: curl_easy_strerror(failed)))"))
            }

            let code = curl_easy_perform(handle)
            if code != CURLE_OK {
                return .failure(Self.error(for: code, handle: handle, sink: sink,
                                           detail: String(cString: errorBuffer), url: request.url))
            }
            var status = 0
            _ = ccurl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
            return .success(HTTPClientResponse(status: status, headers: sink.headers, body: sink.body))
        }
    }

    /// libcurl's reason in plainer words where it has a usual cause.
    static func certificateReason(code: CURLcode, detail: String, url: String) -> String {
        let host = URLComponents(string: url)?.host ?? url
        let lower = detail.lowercased()
        if code == CURLE_SSL_CACERT_BADFILE {
            return tr("the CA file cannot be read or holds no certificate ({detail})", ["detail": detail])
        }
        if lower.contains("subject name") || lower.contains("host name") || lower.contains("hostname") {
            return tr("it is not made out to {host} ({detail})", ["host": host, "detail": detail])
        }
        if lower.contains("issuer") || lower.contains("self-signed") || lower.contains("self signed") {
            return tr("it is not signed by a certificate authority this console trusts ({detail})", ["detail": detail])
        }
        if lower.contains("expired") {
            return tr("it has expired ({detail})", ["detail": detail])
        }
        return detail
    }

    private static func milliseconds(_ seconds: Double) -> Int {
        CurlLibrary.milliseconds(seconds)
    }

    private static func error(for code: CURLcode, handle: UnsafeMutableRawPointer, sink: ResponseSink,
                              detail: String, url: String) -> HTTPClientError {
        let message = detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
        switch code {
        case CURLE_COULDNT_CONNECT:
            return .couldNotConnect(CurlLibrary.connectFailure(handle: handle) ?? message)
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            return .couldNotConnect(tr("cannot resolve {host}", ["host": URLComponents(string: url)?.host ?? url]))
        case CURLE_OPERATION_TIMEDOUT:
            return .timedOut
        case CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_GOT_NOTHING, CURLE_PARTIAL_FILE:
            return .connectionLost(message)
        case CURLE_ABORTED_BY_CALLBACK where sink.refusedAddress != nil:
            return .internalAddress(sink.refusedAddress ?? "")
        case CURLE_ABORTED_BY_CALLBACK:
            return .cancelled
        case CURLE_WRITE_ERROR where sink.overLimit:
            return .responseTooLarge(limit: sink.limit)
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT:
            return .invalidURL(url)
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR,
             CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_PINNEDPUBKEYNOTMATCH:
            return .untrustedCertificate(certificateReason(code: code, detail: message, url: url))
        default:
            return .other(message)
        }
    }
}

/// The share handle behind the connection cache, freed with the client.
private final class SharedCache: @unchecked Sendable {
    // libcurl locks around every use of the share through the mutexes ccurl_shared_new sets up.
    let pointer: UnsafeMutablePointer<ccurl_shared>

    init() {
        guard let pointer = ccurl_shared_new() else { fatalError("libcurl could not make a share handle") }
        self.pointer = pointer
    }

    deinit {
        ccurl_shared_free(pointer)
    }
}

/// Set when the caller's task is cancelled; the transfer's progress callback then aborts it.
private final class CancelFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}

/// Hands a file to libcurl as the request body, a buffer at a time.
private final class BodyFileReader {
    let size: Int64
    private let descriptor: Int32

    init?(file: URL) {
        let descriptor = open(file.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        self.size = Int64(status.st_size)
    }

    deinit { close(descriptor) }

    /// Bytes read into libcurl's buffer; 0 at the end; CURL_READFUNC_ABORT on a read error.
    func read(into buffer: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
        guard let buffer else { return 0 }
        while true {
            let read = Glibc.read(descriptor, buffer, count)
            if read >= 0 { return read }
            if errno != EINTR { return Int(CURL_READFUNC_ABORT) }
        }
    }
}

/// Collects one transfer's headers and body. Only the transfer's thread touches it.
private final class ResponseSink {
    let limit: Int
    let cancel: CancelFlag
    var body = Data()
    var headers: [String: String] = [:]
    var overLimit = false
    /// The internal address a public-only request reached, and was stopped at.
    var refusedAddress: String?
    /// The file sent as the body, kept open for the transfer.
    var bodyFile: BodyFileReader?

    init(limit: Int, cancel: CancelFlag) {
        self.limit = limit
        self.cancel = cancel
    }

    func appendBody(_ data: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
        guard let data, count > 0 else { return count }
        if body.count + count > limit {
            overLimit = true
            return 0
        }
        body.append(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: count)
        return count
    }

    func appendHeader(_ data: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
        guard let data, count > 0 else { return count }
        let line = String(decoding: UnsafeRawBufferPointer(start: data, count: count), as: UTF8.self)
        if line.hasPrefix("HTTP/") {
            // A new status line (after "100 Continue", say): only the last block counts.
            headers = [:]
        } else if let colon = line.firstIndex(of: ":") {
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
            headers[name] = value
        }
        return count
    }
}
