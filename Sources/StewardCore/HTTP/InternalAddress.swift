import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Addresses inside the machine's own networks: loopback, private, link-local, shared, and the
/// like. Addresses that come from the outside (a member's push endpoint) must never make the
/// store or the console call into them: a database, a cloud metadata service or an admin page
/// on loopback would answer. Checked on every address a host resolves to, and again on the
/// address a request really connects to (`HTTPClientRequest.publicAddressesOnly`), never on
/// the name, which anyone can point anywhere.
public enum InternalAddress {
    /// An address as its bytes: 4 for IPv4, 16 for IPv6.
    public typealias Bytes = [UInt8]

    public enum Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        case notResolved(host: String)
        case internalAddress(host: String, address: String)

        public var description: String {
            switch self {
            case .notResolved(let host):
                return "the host \(host) does not resolve to an address"
            case .internalAddress(let host, let address):
                return "the host \(host) is an internal address (\(address)); only addresses on the public internet are accepted"
            }
        }
    }

    /// Throws `Refusal` when the host (a name or an address, IPv6 in brackets or not) resolves
    /// to nothing or to any internal address. Blocking (a DNS lookup): call it off the event
    /// loops and the main thread.
    public static func refuseInternal(host: String) throws(Refusal) {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        let addresses = resolve(bare)
        guard !addresses.isEmpty else { throw .notResolved(host: host) }
        if let inner = addresses.first(where: isInternal) {
            throw .internalAddress(host: host, address: text(inner))
        }
    }

    /// Whether a numeric address (`203.0.113.7`, `::1`) is internal; text that is no address
    /// counts as internal, so nothing unreadable passes.
    public static func isInternal(text: String) -> Bool {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return isInternal(withUnsafeBytes(of: v4) { Array($0) }) }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 { return isInternal(withUnsafeBytes(of: v6) { Array($0) }) }
        return true
    }

    static func resolve(_ host: String) -> [Bytes] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list else { return [] }
        defer { freeaddrinfo(first) }
        var found: [Bytes] = []
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry?.pointee {
            if let address = info.ai_addr {
                switch Int32(address.pointee.sa_family) {
                case AF_INET:
                    address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { inet in
                        found.append(withUnsafeBytes(of: inet.pointee.sin_addr) { Array($0) })
                    }
                case AF_INET6:
                    address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { inet6 in
                        found.append(withUnsafeBytes(of: inet6.pointee.sin6_addr) { Array($0) })
                    }
                default:
                    break
                }
            }
            entry = info.ai_next
        }
        return found
    }

    /// Loopback, private (RFC 1918, unique local), link-local, shared (carrier NAT),
    /// unspecified, multicast, reserved, benchmarking and documentation ranges, and IPv6 forms
    /// that carry an IPv4 address (mapped, compatible, NAT64, 6to4) when that address is one.
    public static func isInternal(_ address: Bytes) -> Bool {
        if address.count == 4 { return isInternalIPv4(address) }
        guard address.count == 16 else { return true }
        let first12 = Array(address[0..<12])
        if first12 == Array(repeating: 0, count: 10) + [0xff, 0xff] || first12 == Array(repeating: 0, count: 12) {
            // ::ffff:a.b.c.d and ::a.b.c.d (:: and ::1 are internal as IPv4 0.0.0.x).
            return isInternalIPv4(Array(address[12..<16]))
        }
        if first12 == [0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0] {
            return isInternalIPv4(Array(address[12..<16]))   // 64:ff9b::/96, NAT64
        }
        if address[0] == 0x20, address[1] == 0x02 {
            return isInternalIPv4(Array(address[2..<6]))     // 2002::/16, 6to4
        }
        if address[0] & 0xfe == 0xfc { return true }           // fc00::/7, unique local
        if address[0] == 0xfe, address[1] & 0x80 == 0x80 { return true }   // fe80::/10 link-local, fec0::/10 site-local
        if address[0] == 0xff { return true }                  // multicast
        if address[0...3] == [0x20, 0x01, 0x0d, 0xb8] { return true }      // documentation
        if address[0] == 0x01, address[1...7].allSatisfy({ $0 == 0 }) { return true }   // 100::/64, discard
        return false
    }

    static func isInternalIPv4(_ a: Bytes) -> Bool {
        switch (a[0], a[1], a[2]) {
        case (0, _, _), (10, _, _), (127, _, _): return true
        case (100, 64...127, _): return true                  // shared address space
        case (169, 254, _): return true                       // link-local, cloud metadata
        case (172, 16...31, _): return true
        case (192, 0, 0), (192, 0, 2), (192, 88, 99), (192, 168, _): return true
        case (198, 18...19, _), (198, 51, 100), (203, 0, 113): return true
        default: return a[0] >= 224                           // multicast, reserved, broadcast
        }
    }

    static func text(_ address: Bytes) -> String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let family = address.count == 4 ? AF_INET : AF_INET6
        let written = address.withUnsafeBytes { raw in inet_ntop(family, raw.baseAddress, &buffer, socklen_t(buffer.count)) }
        guard written != nil else { return "?" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
