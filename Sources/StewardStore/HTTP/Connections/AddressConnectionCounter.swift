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

    /// What connections are counted under: the address as the sign-in throttle counts it
    /// (`ClientAddress.key`: an IPv4 client on an IPv6 socket as itself, an IPv6 client by its
    /// /64, as one machine has a whole /64 to pick from). nil for a Unix socket.
    static func key(_ address: SocketAddress?) -> String? {
        address?.ipAddress.map(ClientAddress.key)
    }
}
