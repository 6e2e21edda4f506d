import NIOCore
import NIOHTTPTypes

/// After the HTTP decoder: tells the connection's `ConnectionGuardHandler` where requests
/// begin and end, and where responses end, so it knows whose turn it is.
final class RequestPhaseHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private var guardHandler: ConnectionGuardHandler?
    private var guardContext: ChannelHandlerContext?

    func handlerAdded(context: ChannelHandlerContext) {
        // The guard is the pipeline's first handler, added before this one.
        guardContext = try? context.pipeline.syncOperations.context(handlerType: ConnectionGuardHandler.self)
        guardHandler = guardContext?.handler as? ConnectionGuardHandler
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        guardHandler = nil
        guardContext = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if let guardHandler, let guardContext {
            switch unwrapInboundIn(data) {
            case .head: guardHandler.headReceived(guardContext)
            case .body: break
            case .end: guardHandler.endReceived(guardContext)
            }
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if let guardHandler, let guardContext, case .end = unwrapOutboundIn(data) {
            guardHandler.responseEnded(guardContext)
        }
        context.write(data, promise: promise)
    }
}
