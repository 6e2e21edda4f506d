import Logging
import NIOCore

/// The first handler of every connection, next to the socket (before TLS and HTTP): it closes
/// the connection when its address already holds the most connections allowed, and when the
/// client keeps it waiting past `ConnectionDeadlines`. It sees the raw bytes arrive and the
/// store's requests for more; `RequestPhaseHandler`, after the HTTP decoder, tells it where
/// requests begin and end.
final class ConnectionGuardHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    private let limits: ConnectionLimits
    private let counter: AddressConnectionCounter
    private let logger: Logger
    private var deadlines: ConnectionDeadlines?
    private var scheduled: Scheduled<Void>?
    private var scheduledFor: NIODeadline?

    init(limits: ConnectionLimits, counter: AddressConnectionCounter, logger: Logger) {
        self.limits = limits
        self.counter = counter
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { start(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context)
        context.fireChannelActive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelTimer()
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancelTimer()
        context.fireChannelInactive()
    }

    private func start(_ context: ChannelHandlerContext) {
        guard deadlines == nil else { return }
        deadlines = ConnectionDeadlines(readTimeout: TimeAmount(limits.readTimeout), idleTimeout: TimeAmount(limits.idleTimeout),
                                        now: .now())
        if let cap = limits.maxConnectionsPerAddress, let address = AddressConnectionCounter.key(context.channel.remoteAddress) {
            switch counter.open(address, cap: cap) {
            case .opened:
                break
            case .refused(let first):
                // Said once while the address stays at its cap, not for every socket of a flood.
                if first {
                    logger.notice("connections refused: too many open from one address",
                                  metadata: ["address": "\(address)", "cap": "\(cap)"])
                }
                // Closed before a byte is read, so the socket is given back at once; on the
                // next turn of the loop, as the pipeline may still be being set up.
                let channel = context.channel
                context.eventLoop.execute { channel.close(promise: nil) }
                return
            }
            let counter = self.counter
            context.channel.closeFuture.whenComplete { _ in counter.close(address) }
        }
        reschedule(context)
    }

    // MARK: What the connection does

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        deadlines?.bytesArrived(at: .now())
        reschedule(context)
        context.fireChannelRead(data)
    }

    func read(context: ChannelHandlerContext) {
        deadlines?.readRequested(at: .now())
        reschedule(context)
        context.read()
    }

    func headReceived(_ context: ChannelHandlerContext) {
        deadlines?.headReceived()
        reschedule(context)
    }

    func endReceived(_ context: ChannelHandlerContext) {
        deadlines?.endReceived()
        reschedule(context)
    }

    func responseEnded(_ context: ChannelHandlerContext) {
        deadlines?.responseEnded(at: .now())
        reschedule(context)
    }

    // MARK: The timer

    /// One timer per connection, set for the current deadline: moved earlier when the deadline
    /// comes nearer; a later deadline is found when the timer fires.
    private func reschedule(_ context: ChannelHandlerContext) {
        guard let deadline = deadlines?.deadline else { return }
        if let scheduledFor, scheduledFor <= deadline { return }
        cancelTimer()
        scheduledFor = deadline
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        scheduled = context.eventLoop.scheduleTask(deadline: deadline) {
            let (handler, context) = loopBound.value
            handler.timerFired(context)
        }
    }

    private func timerFired(_ context: ChannelHandlerContext) {
        scheduled = nil
        scheduledFor = nil
        guard let deadlines, context.channel.isActive else { return }
        if deadlines.isExpired(at: .now()) {
            logger.debug("connection closed: the client kept it waiting",
                         metadata: ["idle": "\(deadlines.unanswered == 0 && !deadlines.readingBody)"])
            context.close(promise: nil)
        } else {
            reschedule(context)
        }
    }

    private func cancelTimer() {
        scheduled?.cancel()
        scheduled = nil
        scheduledFor = nil
    }
}
