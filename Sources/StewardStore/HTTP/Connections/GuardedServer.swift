import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOCore
import NIOSSL

/// The store's HTTP server: Hummingbird's HTTP/1.1 (over TLS when given a configuration), with
/// every connection watched by a `ConnectionGuardHandler` (timeouts, connections per address).
public enum GuardedServer {
    public static func builder(limits: ConnectionLimits, tls: TLSConfiguration? = nil) -> HTTPServerBuilder {
        // One count of open connections per address for the whole server.
        let counter = AddressConnectionCounter()
        return HTTPServerBuilder { responder in
            let http = HTTP1Channel(responder: responder,
                                    configuration: .init(additionalChannelHandlers: [RequestPhaseHandler()]))
            if let tls {
                return GuardedChildChannel(base: try TLSChannel(http, tlsConfiguration: tls), limits: limits, counter: counter)
            }
            return GuardedChildChannel(base: http, limits: limits, counter: counter)
        }
    }
}

/// A child channel whose pipeline starts with the connection's guard, then `Base`'s own.
struct GuardedChildChannel<Base: ServerChildChannel>: ServerChildChannel {
    typealias Value = Base.Value

    let base: Base
    let limits: ConnectionLimits
    let counter: AddressConnectionCounter

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(
                ConnectionGuardHandler(limits: limits, counter: counter, logger: logger), position: .first)
        }.flatMap {
            base.setup(channel: channel, logger: logger)
        }
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}
