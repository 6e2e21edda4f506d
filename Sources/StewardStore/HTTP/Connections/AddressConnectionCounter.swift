import NIOCore
import Synchronization

/// How many connections each client address holds open, shared by every connection of the
/// server (they run on several event loops).
final class AddressConnectionCounter: Sendable {
    private struct State {
        var open: [String: Int] = [:]
        /// Addresses refused since they last dropped below the cap: the refusal is logged once.
        var refusing: Set<String> = []
    }

    enum Admission: Equatable {
        case opened
        /// `first`: the first refusal since the address was last below its cap.
        case refused(first: Bool)
    }

    private let state = Mutex(State())

    /// Counts a new connection from `address`, unless it holds `cap` already.
    func open(_ address: String, cap: Int) -> Admission {
        state.withLock { state in
            let count = state.open[address, default: 0]
            guard count < cap else { return .refused(first: state.refusing.insert(address).inserted) }
            state.open[address] = count + 1
            return .opened
        }
    }

    /// A connection counted by `open` closed.
    func close(_ address: String) {
        state.withLock { state in
            let count = state.open[address, default: 1] - 1
            state.open[address] = count > 0 ? count : nil
            state.refusing.remove(address)
        }
    }

    func openCount(_ address: String) -> Int {
        state.withLock { $0.open[address, default: 0] }
    }

    /// What connections are counted under: the IP address, an IPv4 client reaching an IPv6
    /// socket as itself (not `::ffff:a.b.c.d`), an IPv6 client by its /64 (one network hands
    /// its hosts a whole /64, so counting single addresses would let one machine take many).
    /// nil for a Unix socket.
    static func key(_ address: SocketAddress?) -> String? {
        guard let address else { return nil }
        switch address {
        case .v4:
            return address.ipAddress
        case .v6(let v6):
            let bytes = withUnsafeBytes(of: v6.address.sin6_addr) { Array($0) }
            guard bytes.count == 16 else { return address.ipAddress }
            if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {
                return bytes[12..<16].map(String.init).joined(separator: ".")
            }
            let prefix = stride(from: 0, to: 8, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
            return prefix.joined(separator: ":") + "::/64"
        case .unixDomainSocket:
            return nil
        }
    }
}
