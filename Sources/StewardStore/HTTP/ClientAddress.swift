import Foundation
import Hummingbird

/// The address a request comes from, as the sign-in throttle counts it.
///
/// Behind a reverse proxy (TLS termination) every request comes from the proxy: with
/// `trustForwardedFor`, the last address of `X-Forwarded-For` (the one the proxy itself
/// appended) is taken instead. Never turn that on when clients reach the store directly: they
/// could then name any address they like.
///
/// IPv6 addresses count by their /64: one subscriber usually has a whole /64 to pick from.
/// IPv4 clients of a store listening on `::` arrive IPv4-mapped (`::ffff:192.0.2.7`): they
/// count as the IPv4 address they are, not as the one /64 every IPv4 address maps into.
enum ClientAddress {
    static let unknown = "unknown"

    static func of(_ request: Request, peer: String?, trustForwardedFor: Bool) -> String {
        if trustForwardedFor,
           let header = request.headers[values: .init("X-Forwarded-For")!].last,
           let last = header.split(separator: ",").last?.trimmingCharacters(in: .whitespaces), !last.isEmpty {
            return key(last)
        }
        return peer.map(key) ?? unknown
    }

    /// The throttle's key for an address text: IPv4 as it is (also when IPv4-mapped), IPv6 as
    /// its first 64 bits.
    static func key(_ address: String) -> String {
        var v6 = in6_addr()
        if address.contains(":"), inet_pton(AF_INET6, address, &v6) == 1 {
            let all = withUnsafeBytes(of: v6) { Array($0) }
            if all.prefix(10).allSatisfy({ $0 == 0 }), all[10] == 0xFF, all[11] == 0xFF {
                return all.suffix(4).map(String.init).joined(separator: ".")
            }
            let bytes = Array(all.prefix(8))
            let groups = stride(from: 0, to: 8, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
            return groups.joined(separator: ":") + "::/64"
        }
        var v4 = in_addr()
        if inet_pton(AF_INET, address, &v4) == 1 { return address }
        // Not an address (a proxy sent something odd): counted under one shared key, which is
        // the strict choice.
        return unknown
    }
}
