import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// systemd's readiness and watchdog protocol (sd_notify(3)): a line such as `READY=1` sent as
/// one datagram to the socket named by `$NOTIFY_SOCKET`. The packaged unit is `Type=notify`
/// with a watchdog, so systemd knows when the store accepts requests and restarts it when it
/// stops answering. Started any other way, the variable is absent and every call does nothing.
public struct SystemdNotifier: Sendable {
    /// The socket's path; a leading `@` names Linux's abstract namespace.
    public let socketPath: String?
    /// How often systemd expects `WATCHDOG=1` at the latest (`$WATCHDOG_USEC`), when it is meant
    /// for this process (`$WATCHDOG_PID`, when set, is our pid).
    public let watchdogTimeout: Duration?

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        socketPath = environment["NOTIFY_SOCKET"].flatMap { $0.isEmpty ? nil : $0 }
        let forUs = environment["WATCHDOG_PID"].map { $0 == String(getpid()) } ?? true
        if forUs, let text = environment["WATCHDOG_USEC"], let micros = Int64(text), micros > 0 {
            watchdogTimeout = .microseconds(micros)
        } else {
            watchdogTimeout = nil
        }
    }

    /// Sends `state` (newline-separated assignments); false when there is nowhere to send it or
    /// the send failed, which never stops the store.
    @discardableResult
    public func notify(_ state: String) -> Bool {
        guard let socketPath else { return false }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var path = Array(socketPath.utf8)
        let abstract = path.first == UInt8(ascii: "@")
        if abstract { path[0] = 0 }
        guard !path.isEmpty, path.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path) }
        // An abstract name is exactly its bytes; a file path ends at its NUL.
        let length = socklen_t(MemoryLayout<sa_family_t>.size + path.count + (abstract ? 0 : 1))
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let message = Array(state.utf8)
        let sent = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { sockaddrPointer in
                message.withUnsafeBytes { sendto(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL), sockaddrPointer, length) }
            }
        }
        return sent == message.count
    }
}
