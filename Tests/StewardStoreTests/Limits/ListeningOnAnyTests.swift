import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Hummingbird
import Logging
import ServiceLifecycle
import Testing
import StewardCore
@testable import StewardStore

/// A store listening on `::` gets its IPv4 clients IPv4-mapped (`::ffff:127.0.35.41`): each must
/// still count as its own address, not all as one.
@Suite("Listening on ::")
struct ListeningOnAnyTests {
    /// Whether this machine can listen on `::` at all (IPv6 may be turned off in a container).
    static let canListenOnAny: Bool = {
        let socket = Glibc.socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return false }
        defer { close(socket) }
        var any = sockaddr_in6()
        any.sin6_family = sa_family_t(AF_INET6)
        any.sin6_addr = in6addr_any
        return withUnsafePointer(to: &any) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
        } == 0
    }()

    /// Serves `store`'s repository for real on `::` (a free port) while `body` runs.
    static func serving<T: Sendable>(_ store: TestStore, configuration: StoreConfiguration,
                                     _ body: @Sendable (_ port: Int) async throws -> T) async throws -> T {
        var configuration = configuration
        configuration.host = "::"
        configuration.port = 0
        let (ports, listening) = AsyncStream<Int>.makeStream()
        let app = buildApplication(repository: store.repository, configuration: configuration,
                                   logger: TestStore.testLogger) { _, port in listening.yield(port) }
        let group = ServiceGroup(services: [app], logger: TestStore.testLogger)
        return try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            defer { tasks.cancelAll() }
            var next = ports.makeAsyncIterator()
            guard let port = await next.next() else { throw TestSetupError("the store did not start listening") }
            return try await body(port)
        }
    }

    static func json(_ value: JSONValue) -> Data { Data(value.canonicalBytes) }

    @Test("22 failed sign-ins from 127.0.35.41 leave the right password from 127.0.35.42 in",
          .enabled(if: canListenOnAny, "needs IPv6 to listen on ::"), arguments: Backend.available)
    func signIns(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            var configuration = TestStore.testConfiguration
            configuration.sourceSignInThrottle = .perSource
            try await Self.serving(store, configuration: configuration) { port in
                let path = "/v1/orgs/\(store.org)/session"
                var last: SourceBoundHTTP.Answer?
                for index in 0..<22 {
                    let guess = Self.json(.object(["email": .string("nobody\(index)@\(store.org).example"),
                                                   "password": .string("wrong guess \(index)")]))
                    last = try await SourceBoundHTTP.request(path: path, json: guess, from: "127.0.35.41", port: port)
                }
                #expect(last?.status == 429, "\(last?.body ?? "")")
                #expect(last?.body.contains("from this address") == true, "\(last?.body ?? "")")
                let right = Self.json(.object(["email": .string(store.staffEmail(.editor)),
                                               "password": .string(TestStore.staffPassword)]))
                let signedIn = try await SourceBoundHTTP.request(path: path, json: right, from: "127.0.35.42", port: port)
                #expect(signedIn.status == 200, "\(signedIn.body)")
            }
        }
    }

    @Test("21 registrations from 127.0.35.41 leave registering from 127.0.35.42 open",
          .enabled(if: canListenOnAny, "needs IPv6 to listen on ::"), arguments: Backend.available)
    func registrations(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let configuration = TestStore.testConfiguration
            try await Self.serving(store, configuration: configuration) { port in
                let path = "/v1/orgs/\(store.org)/members"
                func registration(_ email: String) -> Data {
                    Self.json(.object(["email": .string(email), "password": .string(TestStore.memberPassword),
                                       "displayName": .string("Robin Organizer"), "audience": .string("residents")]))
                }
                var statuses: [Int] = []
                for index in 0...configuration.registrationsPerHour {
                    statuses.append(try await SourceBoundHTTP.request(path: path, json: registration("n\(index)@residents.example"),
                                                                      from: "127.0.35.41", port: port).status)
                }
                #expect(statuses.prefix(configuration.registrationsPerHour).allSatisfy { $0 == 201 }, "\(statuses)")
                #expect(statuses.last == 429, "\(statuses)")
                let other = try await SourceBoundHTTP.request(path: path, json: registration("other@residents.example"),
                                                              from: "127.0.35.42", port: port)
                #expect(other.status == 201, "\(other.body)")
            }
        }
    }

    @Test("IPv4-mapped addresses count as the IPv4 address they carry, wherever they come from")
    func normalization() {
        #expect(ClientAddress.key("::ffff:127.0.35.41") == "127.0.35.41")
        #expect(ClientAddress.key("::FFFF:192.0.2.7") == "192.0.2.7")
        #expect(ClientAddress.key("0:0:0:0:0:ffff:c000:0207") == "192.0.2.7")
        #expect(ClientAddress.key("::ffff:127.0.35.41") != ClientAddress.key("::ffff:127.0.35.42"))
        // Other IPv6 addresses still count by their /64, the IPv4-compatible and NAT64 ones too.
        #expect(ClientAddress.key("::1") == "0:0:0:0::/64")
        #expect(ClientAddress.key("64:ff9b::c000:207") == "64:ff9b:0:0::/64")
        #expect(ClientAddress.key("::ffff:1:c000:207") == "0:0:0:0::/64")
        let request = Request(head: .init(method: .post, scheme: "http", authority: "store", path: "/",
                                          headerFields: [.init("X-Forwarded-For")!: "198.51.100.1, ::ffff:198.51.100.44"]),
                              body: .init(buffer: ByteBuffer()))
        #expect(ClientAddress.of(request, peer: "::ffff:127.0.0.1", trustForwardedFor: true) == "198.51.100.44")
        #expect(ClientAddress.of(request, peer: "::ffff:127.0.0.1", trustForwardedFor: false) == "127.0.0.1")
    }
}
