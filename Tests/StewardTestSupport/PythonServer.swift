import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A stand-in server for tests: a Python program (a script text or a file with its arguments)
/// that listens on a free loopback port and prints that port as its first line. Real sockets,
/// so the libcurl client and the commands are tested as they run; killed when dropped.
public final class PythonServer: @unchecked Sendable {
    public let port: Int
    public var url: String { "http://127.0.0.1:\(port)" }
    private let process = Process()

    public struct Failed: Error, CustomStringConvertible {
        public init() {}
        public var description: String { "the test server did not start (it printed no port)" }
    }

    /// Runs `python3 -c script`.
    public convenience init(script: String) throws {
        try self.init(arguments: ["-c", script])
    }

    /// Runs `python3 -u` with `arguments` (a script's path and its options, or `-c TEXT`).
    public init(arguments: [String]) throws {
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u"] + arguments
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            kill(process.processIdentifier, SIGKILL)
            throw Failed()
        }
        self.port = port
    }

    deinit {
        // SIGKILL: the test runner's threads block SIGTERM, and the child inherits that mask.
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// A loopback port nothing listens on: bound, then closed, for testing refused connections.
    public static func closedPort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failed() }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(fd, raw, length) == 0 && getsockname(fd, raw, &length) == 0
            }
        }
        guard bound else { throw Failed() }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
