import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Which addresses stay on this computer. Plain HTTP is only safe there: a password or token
/// sent over it to any other host can be read on the way.
public enum Loopback {
    /// Whether `url` is `http://` (not https) to a host that is not this computer.
    public static func isUnencryptedOffLoopback(_ url: String) -> Bool {
        guard let components = URLComponents(string: url.trimmingCharacters(in: .whitespaces)),
              components.scheme?.lowercased() == "http" else { return false }
        return !isLoopback(host: components.host ?? "")
    }

    /// `localhost`, 127.0.0.0/8, `::1` (and 127.0.0.0/8 written as an IPv4-mapped IPv6 address).
    /// Only literal addresses and the name `localhost` count: any other name could resolve
    /// anywhere. (libcurl answers `localhost` itself, without asking DNS.)
    public static func isLoopback(host rawHost: String) -> Bool {
        var host = rawHost.lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host == "localhost" { return true }
        var v4 = in_addr()
        if inet_pton(AF_INET, host, &v4) == 1 {
            // s_addr is in network order: its first byte in memory is the first octet.
            return withUnsafeBytes(of: &v4) { $0[0] } == 127
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, host, &v6) == 1 {
            let bytes = withUnsafeBytes(of: &v6) { Array($0) }
            if bytes[0..<15].allSatisfy({ $0 == 0 }) && bytes[15] == 1 { return true }
            let mapped = bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xff && bytes[11] == 0xff
            return mapped && bytes[12] == 127
        }
        return false
    }
}
