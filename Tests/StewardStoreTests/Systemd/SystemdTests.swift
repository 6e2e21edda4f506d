import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import StewardStore

/// A datagram socket where systemd would listen, in a fresh folder: the messages the store sends.
private final class NotifyListener {
    let folder: URL
    let path: String
    let descriptor: Int32

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("notify-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        path = folder.appendingPathComponent("notify").path
        descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0)
    }

    /// The next message, or nil after a second.
    func receive() -> String? {
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = recv(descriptor, &buffer, buffer.count, 0)
        return count > 0 ? String(decoding: buffer[..<count], as: UTF8.self) : nil
    }

    deinit {
        close(descriptor)
        try? FileManager.default.removeItem(at: folder)
    }
}

@Suite struct SystemdNotifierTests {
    @Test func sendsEachStateAsOneDatagramToTheNotifySocket() throws {
        let listener = try NotifyListener()
        let notifier = SystemdNotifier(environment: ["NOTIFY_SOCKET": listener.path])
        #expect(notifier.notify("READY=1\nSTATUS=Listening on http://127.0.0.1:8420"))
        #expect(listener.receive() == "READY=1\nSTATUS=Listening on http://127.0.0.1:8420")
        #expect(notifier.notify("WATCHDOG=1"))
        #expect(listener.receive() == "WATCHDOG=1")
    }

    @Test func withoutSystemdNothingIsSentAndNothingFails() {
        let notifier = SystemdNotifier(environment: [:])
        #expect(notifier.socketPath == nil)
        #expect(notifier.watchdogTimeout == nil)
        #expect(!notifier.notify("READY=1"))
        // A socket that is not there: the store goes on.
        #expect(!SystemdNotifier(environment: ["NOTIFY_SOCKET": "/nonexistent/notify"]).notify("READY=1"))
    }

    @Test func theWatchdogIsOursOnlyWhenItsPidIsOurs() {
        let ours = SystemdNotifier(environment: ["NOTIFY_SOCKET": "@x", "WATCHDOG_USEC": "30000000", "WATCHDOG_PID": String(getpid())])
        #expect(ours.watchdogTimeout == .seconds(30))
        let anothers = SystemdNotifier(environment: ["NOTIFY_SOCKET": "@x", "WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "1"])
        #expect(anothers.watchdogTimeout == nil)
        #expect(SystemdNotifier(environment: ["WATCHDOG_USEC": "garbage"]).watchdogTimeout == nil)
    }
}

@Suite struct SystemdCredentialsTests {
    @Test func findsASecretByItsNameOrAsLoadedFromTheCredentialsFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("credentials-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("secret\n".utf8).write(to: folder.appendingPathComponent("postgres-password"))
        try Data("key".utf8).write(to: folder.appendingPathComponent("steward-store_tls-key"))
        let environment = ["CREDENTIALS_DIRECTORY": folder.path]
        #expect(SystemdCredentials.file(named: "postgres-password", environment: environment)
                == folder.appendingPathComponent("postgres-password").path)
        #expect(SystemdCredentials.file(named: "tls-key", environment: environment)
                == folder.appendingPathComponent("steward-store_tls-key").path)
        #expect(SystemdCredentials.file(named: "tls-cert", environment: environment) == nil)
        #expect(SystemdCredentials.file(named: "postgres-password", environment: [:]) == nil)
    }
}
