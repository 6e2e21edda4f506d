import CCurl
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// libcurl's result of an SMTP transfer as a `MailSendError`. libcurl reports a refused
/// recipient or sender as a send error whose text names the command ("RCPT failed: 550"), so
/// the text is read to tell them from a broken connection.
enum SMTPFailure {
    static func error(for code: CURLcode, detail: String, lastReply: Int, osError: Int32, connectFailure: String?,
                      from: String, to: String, login: SMTPLogin) -> MailSendError {
        let host = login.server.host, port = login.server.port
        switch code {
        case CURLE_COULDNT_CONNECT:
            if osError == ECONNREFUSED { return .connectionRefused(host: host, port: port) }
            return connectFailure.map { .couldNotConnect(host: host, port: port, reason: $0) }
                ?? .couldNotConnect(host: host, port: port, reason: detail)
        case CURLE_COULDNT_RESOLVE_HOST:
            return .cannotResolve(host: host)
        case CURLE_OPERATION_TIMEDOUT:
            return .timedOut(host: host)
        case CURLE_LOGIN_DENIED:
            return .authenticationFailed(user: login.user)
        case CURLE_USE_SSL_FAILED:
            return .startTLSUnavailable(host: host, port: port)
        case CURLE_SSL_CONNECT_ERROR:
            return .tlsFailed(host: host, reason: detail)
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_INVALIDCERTSTATUS,
             CURLE_SSL_PINNEDPUBKEYNOTMATCH:
            return .untrustedCertificate(HTTPClient.certificateReason(code: code, detail: detail, url: login.server.url))
        case CURLE_SEND_ERROR, CURLE_WEIRD_SERVER_REPLY:
            if let reply = replyCode(after: "RCPT failed", in: detail) { return .recipientRefused(address: to, code: reply) }
            if let reply = replyCode(after: "MAIL failed", in: detail) { return .senderRefused(address: from, code: reply) }
            if let reply = replyCode(after: "DATA failed", in: detail) { return .messageRefused(code: reply) }
            if code == CURLE_WEIRD_SERVER_REPLY, lastReply >= 400 { return .messageRefused(code: lastReply) }
            return .connectionDropped(detail)
        case CURLE_RECV_ERROR, CURLE_GOT_NOTHING, CURLE_PARTIAL_FILE:
            return .connectionDropped(detail)
        default:
            return .other(detail)
        }
    }

    /// The SMTP code in "RCPT failed: 550" (libcurl's words), or nil when `text` is not that.
    static func replyCode(after command: String, in text: String) -> Int? {
        guard let range = text.range(of: command + ": ") else { return nil }
        return Int(text[range.upperBound...].prefix { $0.isNumber })
    }
}
