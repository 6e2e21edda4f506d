import NIOCore

/// When a connection is to be closed for waiting on its client too long: pure, fed with what
/// the connection's handlers see, so the rules can be read (and tested) without sockets.
///
/// - Between requests, with nothing sent yet, the connection is idle: it may stay so for the
///   idle timeout (a kept-alive connection, or a new one that has not spoken).
/// - From the first byte of a request, its head must be complete within the read timeout,
///   however the bytes trickle in (a client sending one byte every few seconds gains nothing).
/// - While the store reads a body, the client may pause at most the read timeout between
///   bytes. Only while the store asks for bytes: when it is busy and has stopped reading, the
///   wait is the store's doing, not the client's.
/// - While the store works on a request it has read whole, nothing is timed.
struct ConnectionDeadlines {
    let readTimeout: TimeAmount
    let idleTimeout: TimeAmount

    /// A request's head has arrived and its end has not.
    private(set) var readingBody = false
    /// Requests whose head arrived and whose response has not been written to its end.
    private(set) var unanswered = 0
    /// When the first byte of a head not yet complete arrived.
    private var headStartedAt: NIODeadline?
    /// Since when the store has been asking for bytes that have not come; nil while it is not
    /// asking (or has just been given some).
    private var waitingSince: NIODeadline?
    /// When the connection last had nothing to do: its start, or its last response's end.
    private var idleSince: NIODeadline

    init(readTimeout: TimeAmount, idleTimeout: TimeAmount, now: NIODeadline) {
        self.readTimeout = readTimeout
        self.idleTimeout = idleTimeout
        self.idleSince = now
    }

    /// When the connection is to be closed if nothing changes; nil: not while it stays so.
    var deadline: NIODeadline? {
        if readingBody {
            return waitingSince.map { $0 + readTimeout }
        }
        if unanswered > 0 { return nil }
        if let headStartedAt { return headStartedAt + readTimeout }
        return idleSince + idleTimeout
    }

    func isExpired(at now: NIODeadline) -> Bool {
        deadline.map { now >= $0 } ?? false
    }

    /// Bytes arrived from the client (still encrypted, under TLS).
    mutating func bytesArrived(at now: NIODeadline) {
        waitingSince = nil
        if !readingBody && headStartedAt == nil { headStartedAt = now }
    }

    /// The store asked for more bytes.
    mutating func readRequested(at now: NIODeadline) {
        if waitingSince == nil { waitingSince = now }
    }

    /// A request's head was read whole.
    mutating func headReceived() {
        readingBody = true
        unanswered += 1
        headStartedAt = nil
    }

    /// A request was read to its end.
    mutating func endReceived() {
        readingBody = false
    }

    /// A response was written to its end.
    mutating func responseEnded(at now: NIODeadline) {
        unanswered = max(0, unanswered - 1)
        if unanswered == 0 { idleSince = now }
    }
}
