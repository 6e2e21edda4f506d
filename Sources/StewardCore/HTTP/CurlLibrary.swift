import CCurl
import Foundation

#if canImport(Glibc)
import Glibc
import Translation
#endif

/// What every libcurl transfer in the core shares, whatever its protocol: the one-time global
/// set-up, timeouts in libcurl's unit, and the plain words for a connection that could not be
/// made. The HTTP client (sync, CalDAV) and the SMTP sender (mail) both use it.
enum CurlLibrary {
    /// libcurl wants `curl_global_init` once per process, before any other call.
    private static let globalInit: Void = { _ = ccurl_global_init_default() }()

    static func initialize() {
        globalInit
    }

    /// Seconds as libcurl's milliseconds, at least one (0 would mean "no timeout").
    static func milliseconds(_ seconds: Double) -> Int {
        max(1, Int((seconds * 1000).rounded()))
    }

    /// Why a connection could not be made, from the system's error number, when it has a usual
    /// name (refused, unreachable); nil otherwise.
    static func connectFailure(handle: UnsafeMutableRawPointer) -> String? {
        switch osError(handle: handle) {
        case ECONNREFUSED: return tr("connection refused")
        case ENETUNREACH: return tr("network unreachable")
        case EHOSTUNREACH: return tr("host unreachable")
        default: return nil
        }
    }

    /// The system's error number of the last connection attempt (0 when there was none).
    static func osError(handle: UnsafeMutableRawPointer) -> Int32 {
        var osError = 0
        _ = ccurl_getinfo_long(handle, CURLINFO_OS_ERRNO, &osError)
        return Int32(osError)
    }

    /// libcurl's own words for a failed transfer: the error buffer's text when it has one.
    static func detail(_ code: CURLcode, errorBuffer: UnsafePointer<CChar>) -> String {
        let text = String(cString: errorBuffer)
        return text.isEmpty ? String(cString: curl_easy_strerror(code)) : text
    }
}
