import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One HTTP/1.1 request over IPv4 from a chosen loopback source address (Linux lets any
/// 127.x.y.z be bound): how the tests make clients at different addresses reach a store that
/// listens for real. Blocking socket calls, run off Swift's cooperative pool.
enum SourceBoundHTTP {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    struct Answer: Sendable {
        var status: Int
        var body: String
    }

    static func request(_ method: String = "POST", path: String, json body: Data, from source: String,
                        to host: String = "127.0.0.1", port: Int) async throws -> Answer {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result {
                    try exchange(method: method, path: path, body: body, source: source, host: host, port: port)
                })
            }
        }
    }

    private static func address(_ text: String, port: Int) throws -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        guard inet_pton(AF_INET, text, &address.sin_addr) == 1 else { throw Failure(description: "not an IPv4 address: \(text)") }
        return address
    }

    private static func exchange(method: String, path: String, body: Data, source: String, host: String,
                                 port: Int) throws -> Answer {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        defer { close(socket) }
        // A store that stopped answering fails the test instead of hanging it.
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var local = try address(source, port: 0)
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw Failure(description: "bind \(source): errno \(errno)") }
        var remote = try address(host, port: port)
        let connected = withUnsafePointer(to: &remote) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure(description: "connect \(host):\(port): errno \(errno)") }
        let head = "\(method) \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        let request = Data(head.utf8) + body
        var sent = 0
        while sent < request.count {
            let written = request.withUnsafeBytes { send(socket, $0.baseAddress! + sent, request.count - sent, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { throw Failure(description: "send: errno \(errno)") }
            sent += written
        }
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            guard count >= 0 else { throw Failure(description: "recv: errno \(errno)") }
            if count == 0 { break }
            received.append(contentsOf: buffer[0..<count])
        }
        let text = String(decoding: received, as: UTF8.self)
        let parts = text.components(separatedBy: "\r\n\r\n")
        let statusLine = parts.first?.components(separatedBy: "\r\n").first ?? ""
        let fields = statusLine.split(separator: " ")
        guard fields.count >= 2, let status = Int(fields[1]) else { throw Failure(description: "no HTTP answer: \(text.prefix(200))") }
        return Answer(status: status, body: parts.dropFirst().joined(separator: "\r\n\r\n"))
    }
}
