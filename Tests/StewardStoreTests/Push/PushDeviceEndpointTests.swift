import Crypto
import HummingbirdTesting
import Foundation
import Testing
import StewardCore
@testable import StewardStore

/// Members registering where to reach them, on every backend: the three platforms, what each
/// must give, who may see and remove a device, and endpoints that would make the store call
/// into its own network.
@Suite("Members' devices")
struct PushDeviceEndpointTests {
    static func path(_ store: TestStore) -> String { "/v1/orgs/\(store.org)/me/devices" }

    /// A browser's subscription: a fresh P-256 key and auth secret, as a browser makes them.
    static func webPushBody(endpoint: String = "https://push.example.net/send/abc123", p256dh: Data? = nil,
                            auth: Data? = nil, withKeys: Bool = true) -> JSONValue {
        let key = p256dh ?? P256.KeyAgreement.PrivateKey().publicKey.x963Representation
        let secret = auth ?? Data((0..<16).map { _ in UInt8.random(in: 0...255) })
        var body: [String: JSONValue] = ["platform": .string("webpush"), "endpoint": .string(endpoint)]
        if withKeys {
            body["keys"] = .object(["p256dh": .string(Base64URL.encode(key)), "auth": .string(Base64URL.encode(secret))])
        }
        return .object(body)
    }

    static func items(_ answer: TestResponse) throws -> [JSONValue] {
        try JSONValue.parse(Data(answer.body.readableBytesView))["items"]?.arrayValue ?? []
    }

    /// Stores that accept the test's endpoints: example.net does not resolve here.
    static let openConfiguration: StoreConfiguration = {
        var configuration = TestStore.testConfiguration
        configuration.push.allowPrivateEndpoints = true
        return configuration
    }()

    @Test("each platform registers, lists and removes; keys are never sent back", arguments: Backend.available)
    func registerListRemove(backend: Backend) async throws {
        try await TestStore.with(backend, configuration: Self.openConfiguration) { store in
            let sam = try await store.newMember("sam")
            let web = try await store.request(.post, Self.path(store), token: sam.access, body: store.json(Self.webPushBody()))
            #expect(web.status == .created, "\(web.text)")
            let webView = try JSONValue.parse(Data(web.body.readableBytesView))
            #expect(webView["platform"]?.stringValue == "webpush")
            #expect(webView["endpoint"]?.stringValue == "https://push.example.net/send/abc123")
            #expect(webView["keys"] == nil)
            let apnsToken = String(repeating: "A1b2", count: 16)
            let apns = try await store.request(.post, Self.path(store), token: sam.access,
                                               body: store.json(.object(["platform": .string("apns"), "token": .string(apnsToken)])))
            #expect(apns.status == .created, "\(apns.text)")
            let fcm = try await store.request(.post, Self.path(store), token: sam.access,
                                              body: store.json(.object(["platform": .string("fcm"), "token": .string("dGVzdA:APA91bH-x_1")])))
            #expect(fcm.status == .created, "\(fcm.text)")

            let listed = try Self.items(try await store.request(.get, Self.path(store), token: sam.access))
            #expect(listed.map { $0["platform"]?.stringValue } == ["webpush", "apns", "fcm"])
            #expect(listed[1]["token"]?.stringValue == apnsToken.lowercased(), "APNs tokens are kept in lowercase")

            // Another member sees none of them and cannot remove them.
            let jo = try await store.newMember("jo")
            #expect(try Self.items(try await store.request(.get, Self.path(store), token: jo.access)).isEmpty)
            let webId = webView["id"]?.stringValue ?? ""
            let notTheirs = try await store.request(.delete, "\(Self.path(store))/\(webId)", token: jo.access)
            #expect(notTheirs.status == .notFound)
            let removed = try await store.request(.delete, "\(Self.path(store))/\(webId)", token: sam.access)
            #expect(removed.status == .noContent)
            let again = try await store.request(.delete, "\(Self.path(store))/\(webId)", token: sam.access)
            #expect(again.status == .notFound)
            let left = try Self.items(try await store.request(.get, Self.path(store), token: sam.access))
            #expect(left.map { $0["platform"]?.stringValue } == ["apns", "fcm"])
        }
    }

    @Test("one address is one device: registered again, it keeps its id and moves to who registered it",
          arguments: Backend.available)
    func reRegistration(backend: Backend) async throws {
        try await TestStore.with(backend, configuration: Self.openConfiguration) { store in
            let sam = try await store.newMember("sam")
            let jo = try await store.newMember("jo")
            let body = Self.webPushBody(endpoint: "https://push.example.net/send/shared-tablet")
            let first = try await store.request(.post, Self.path(store), token: sam.access, body: store.json(body))
            let second = try await store.request(.post, Self.path(store), token: jo.access, body: store.json(Self.webPushBody(
                endpoint: "https://push.example.net/send/shared-tablet")))
            #expect(second.status == .created)
            let firstId = try JSONValue.parse(Data(first.body.readableBytesView))["id"]?.stringValue
            let secondId = try JSONValue.parse(Data(second.body.readableBytesView))["id"]?.stringValue
            #expect(firstId != nil && firstId == secondId)
            #expect(try Self.items(try await store.request(.get, Self.path(store), token: sam.access)).isEmpty)
            #expect(try Self.items(try await store.request(.get, Self.path(store), token: jo.access)).count == 1)
        }
    }

    @Test("past ten devices a member's oldest goes", arguments: Backend.available)
    func oldestGoes(backend: Backend) async throws {
        try await TestStore.with(backend, configuration: Self.openConfiguration) { store in
            let sam = try await store.newMember("sam")
            for index in 0..<12 {
                let token = String(format: "%064x", index)
                let answer = try await store.request(.post, Self.path(store), token: sam.access,
                                                     body: store.json(.object(["platform": .string("apns"), "token": .string(token)])))
                #expect(answer.status == .created)
                try await Task.sleep(for: .milliseconds(3))
            }
            let tokens = try Self.items(try await store.request(.get, Self.path(store), token: sam.access))
                .compactMap { $0["token"]?.stringValue }
            #expect(tokens.count == PushDeviceController.devicesPerMember)
            #expect(tokens.first == String(format: "%064x", 2))
            #expect(tokens.last == String(format: "%064x", 11))
        }
    }

    @Test("what a platform needs is checked, each refusal naming the field", arguments: Backend.available)
    func refusals(backend: Backend) async throws {
        try await TestStore.with(backend, configuration: Self.openConfiguration) { store in
            let sam = try await store.newMember("sam")
            func post(_ body: JSONValue) async throws -> TestResponse {
                try await store.request(.post, Self.path(store), token: sam.access, body: store.json(body))
            }
            let noKeys = Self.webPushBody(withKeys: false)
            let shortAuth = Self.webPushBody(auth: Data(repeating: 7, count: 8))
            let notAPoint = Self.webPushBody(p256dh: Data(repeating: 4, count: 65))
            let cases: [(JSONValue, String)] = [
                (.object(["platform": .string("sms"), "token": .string("x")]), "platform"),
                (noKeys, "keys.p256dh"),
                (shortAuth, "auth"),
                (notAPoint, "p256dh"),
                (Self.webPushBody(endpoint: "ftp://push.example.net/x"), "endpoint"),
                (Self.webPushBody(endpoint: "https://user:pw@push.example.net/x"), "endpoint"),
                (Self.webPushBody(endpoint: "/relative/only"), "endpoint"),
                (.object(["platform": .string("apns"), "token": .string("not hex at all")]), "token"),
                (.object(["platform": .string("apns"), "token": .string("abcd")]), "token"),
                (.object(["platform": .string("fcm")]), "token"),
                (.object(["platform": .string("fcm"), "token": .string("has space")]), "token"),
                (.object(["platform": .string("fcm"), "token": .string("t"), "endpoint": .string("https://x.example")]), "endpoint"),
            ]
            for (body, field) in cases {
                let answer = try await post(body)
                #expect(answer.status == .badRequest, "\(body.canonicalText): \(answer.text)")
                #expect(answer.text.contains(field), "\(body.canonicalText): \(answer.text)")
            }
            #expect(try Self.items(try await store.request(.get, Self.path(store), token: sam.access)).isEmpty)
            let staff = try await store.request(.post, Self.path(store), token: store.admin, body: store.json(Self.webPushBody()))
            #expect(staff.status == .forbidden)
            let nobody = try await store.request(.get, Self.path(store), token: nil)
            #expect(nobody.status == .unauthorized)
        }
    }

    @Test("endpoints on internal addresses are refused unless the store allows them")
    func internalEndpoints() async throws {
        try await TestStore.with(.sqlite) { store in
            let sam = try await store.newMember("sam")
            for endpoint in ["https://127.0.0.1:8443/push", "https://[::1]/push", "https://localhost/push",
                             "https://10.1.2.3/push", "https://169.254.169.254/latest", "https://192.168.0.10/push",
                             "https://[::ffff:127.0.0.1]/push", "https://[fd00::1]/push", "http://127.0.0.1/push"] {
                let answer = try await store.request(.post, Self.path(store), token: sam.access,
                                                     body: store.json(Self.webPushBody(endpoint: endpoint)))
                #expect(answer.status.code / 100 == 4, "\(endpoint): \(answer.text)")
                #expect(answer.text.contains("endpoint"), "\(endpoint): \(answer.text)")
            }
            #expect(try Self.items(try await store.request(.get, Self.path(store), token: sam.access)).isEmpty)
        }
        try await TestStore.with(.sqlite, configuration: Self.openConfiguration) { store in
            let sam = try await store.newMember("sam")
            let answer = try await store.request(.post, Self.path(store), token: sam.access,
                                                 body: store.json(Self.webPushBody(endpoint: "http://127.0.0.1:9/push")))
            #expect(answer.status == .created, "\(answer.text)")
        }
    }

    @Test("internal and public address ranges")
    func addressRanges() {
        let inside: [[UInt8]] = [[127, 0, 0, 1], [10, 0, 0, 1], [172, 31, 255, 1], [192, 168, 1, 1], [169, 254, 169, 254],
                                   [100, 64, 0, 1], [0, 0, 0, 0], [224, 0, 0, 1], [255, 255, 255, 255],
                                   [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1],
                                   [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 10, 0, 0, 1],
                                   [0xfe, 0x80] + Array(repeating: 0, count: 13) + [1],
                                   [0xfd, 0] + Array(repeating: 0, count: 14),
                                   [0x20, 0x02, 192, 168, 0, 1] + Array(repeating: 0, count: 10)]
        for address in inside { #expect(InternalAddress.isInternal(address), "\(address)") }
        let external: [[UInt8]] = [[8, 8, 8, 8], [172, 32, 0, 1], [142, 250, 72, 10],
                                   [0x2a, 0x00, 0x14, 0x50] + Array(repeating: 0, count: 11) + [1],
                                   [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 8, 8, 4, 4]]
        for address in external { #expect(!InternalAddress.isInternal(address), "\(address)") }
    }

    @Test("the Web Push key is public, and absent when the store sends no Web Push")
    func webPushKey() async throws {
        let key = try VAPIDKey(pemRepresentation: P256.Signing.PrivateKey().pemRepresentation)
        var configuration = TestStore.testConfiguration
        configuration.push.vapid = VAPIDIdentity(key: key, subject: "mailto:office@example.org")
        try await TestStore.with(.sqlite, configuration: configuration) { store in
            let answer = try await store.request(.get, "/v1/orgs/\(store.org)/push/web-push-key", token: nil)
            #expect(answer.status == .ok)
            let published = try JSONValue.parse(Data(answer.body.readableBytesView))["publicKey"]?.stringValue ?? ""
            #expect(published == key.publicKeyBase64URL)
            let point = Base64URL.decode(published)
            #expect(point?.count == 65 && point?.first == 4)
            let unknown = try await store.request(.get, "/v1/orgs/no-such-org/push/web-push-key", token: nil)
            #expect(unknown.status == .notFound)
        }
        try await TestStore.with(.sqlite) { store in
            let answer = try await store.request(.get, "/v1/orgs/\(store.org)/push/web-push-key", token: nil)
            #expect(answer.status == .notFound)
            #expect(answer.text.contains("--vapid-key-file"), "\(answer.text)")
        }
    }
}
