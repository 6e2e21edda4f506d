import Foundation
import NIOCore
import Testing
@testable import StewardStore

/// The rules that close connections a client keeps waiting, and the count of connections per
/// address, read without sockets (Tests/store/connection_test.py runs them on real ones).
@Suite("Connection guard")
struct ConnectionGuardTests {
    static let start = NIODeadline.uptimeNanoseconds(1_000_000_000_000)

    static func at(_ seconds: Int64) -> NIODeadline { start + .seconds(seconds) }

    static func fresh() -> ConnectionDeadlines {
        ConnectionDeadlines(readTimeout: .seconds(10), idleTimeout: .seconds(75), now: start)
    }

    @Test("a connection that says nothing is idle; a head must be whole within the read timeout from its first byte")
    func headDeadline() {
        var deadlines = Self.fresh()
        #expect(deadlines.deadline == Self.at(75))
        deadlines.readRequested(at: Self.at(0))
        deadlines.bytesArrived(at: Self.at(30))
        #expect(deadlines.deadline == Self.at(40))
        // More bytes of the same head do not move it: one byte every few seconds gains nothing.
        deadlines.readRequested(at: Self.at(30))
        deadlines.bytesArrived(at: Self.at(38))
        #expect(deadlines.deadline == Self.at(40))
        #expect(!deadlines.isExpired(at: Self.at(39)))
        #expect(deadlines.isExpired(at: Self.at(40)))
    }

    @Test("a body may pause the read timeout between bytes, only while the store asks for them")
    func bodyDeadline() {
        var deadlines = Self.fresh()
        deadlines.bytesArrived(at: Self.at(1))
        deadlines.headReceived()
        // The store is busy (not reading): nothing is timed.
        #expect(deadlines.deadline == nil)
        deadlines.readRequested(at: Self.at(20))
        #expect(deadlines.deadline == Self.at(30))
        deadlines.bytesArrived(at: Self.at(25))
        deadlines.readRequested(at: Self.at(25))
        #expect(deadlines.deadline == Self.at(35))
        deadlines.endReceived()
        // Read whole: the store's turn, untimed however long it works.
        #expect(deadlines.deadline == nil)
        #expect(!deadlines.isExpired(at: Self.at(100_000)))
        deadlines.responseEnded(at: Self.at(200))
        // Answered: idle again, for the idle timeout.
        #expect(deadlines.deadline == Self.at(275))
    }

    @Test("pipelined requests: idle only once every one is answered")
    func pipelined() {
        var deadlines = Self.fresh()
        deadlines.bytesArrived(at: Self.at(1))
        deadlines.headReceived()
        deadlines.endReceived()
        deadlines.headReceived()
        deadlines.endReceived()
        deadlines.responseEnded(at: Self.at(5))
        #expect(deadlines.deadline == nil)
        deadlines.responseEnded(at: Self.at(6))
        #expect(deadlines.deadline == Self.at(81))
        // The next request's first bytes start its head's clock.
        deadlines.bytesArrived(at: Self.at(50))
        #expect(deadlines.deadline == Self.at(60))
    }

    @Test("connections are counted per address, up to the cap, and given back when they close")
    func counter() {
        let counter = AddressConnectionCounter()
        #expect(counter.open("192.0.2.1", cap: 2) == .opened)
        #expect(counter.open("192.0.2.1", cap: 2) == .opened)
        #expect(counter.open("192.0.2.1", cap: 2) == .refused(first: true))
        #expect(counter.open("192.0.2.1", cap: 2) == .refused(first: false))
        #expect(counter.open("192.0.2.2", cap: 2) == .opened)
        counter.close("192.0.2.1")
        #expect(counter.openCount("192.0.2.1") == 1)
        #expect(counter.open("192.0.2.1", cap: 2) == .opened)
        #expect(counter.open("192.0.2.1", cap: 2) == .refused(first: true))
    }

    @Test("an IPv4 client on an IPv6 socket counts as itself; an IPv6 client by its /64")
    func addressKeys() throws {
        #expect(AddressConnectionCounter.key(try SocketAddress(ipAddress: "203.0.113.7", port: 1)) == "203.0.113.7")
        #expect(AddressConnectionCounter.key(try SocketAddress(ipAddress: "::ffff:203.0.113.7", port: 1)) == "203.0.113.7")
        let a = AddressConnectionCounter.key(try SocketAddress(ipAddress: "2001:db8:1:2::1", port: 1))
        let b = AddressConnectionCounter.key(try SocketAddress(ipAddress: "2001:db8:1:2:ffff::9", port: 1))
        let c = AddressConnectionCounter.key(try SocketAddress(ipAddress: "2001:db8:1:3::1", port: 1))
        #expect(a == "2001:db8:1:2::/64")
        #expect(a == b)
        #expect(a != c)
        #expect(AddressConnectionCounter.key(nil) == nil)
    }

    @Test("the standard limits: a few seconds to send a request, over a minute idle, 100 connections an address")
    func limits() {
        #expect(ConnectionLimits.standard.readTimeout == .seconds(10))
        #expect(ConnectionLimits.standard.idleTimeout == .seconds(75))
        #expect(ConnectionLimits.standard.maxConnectionsPerAddress == 100)
    }
}
