import Crypto
import Foundation
import GRDB
import Hummingbird
import Logging
import StewardCore
import StewardStore

/// One announcement to many devices through the store's Web Push delivery:
/// `steward-bench --notifications [--devices N]` (10,000 by default). Measured from the message
/// being due to the last device's answer: sending it out to the devices (the jobs written), and
/// for each device taking its job, encrypting the message for it (RFC 8291), the VAPID
/// authorization (one signature per push service, reused), the POST, and recording the answer,
/// 64 at a time, as `steward-store serve` does.
///
/// The baseline, in the same run against the same stand-in push service (an in-process HTTP
/// server answering 201), is the same number of plain POSTs of a body of the same size through
/// the same HTTP client, 64 at a time: what the network part alone costs.
enum NotificationBenchmark {
    static let concurrency = 64

    static func run(arguments: [String], folder: URL) async throws -> Bool {
        let devices = Benchmarks.value(of: "--devices", in: arguments).flatMap(Int.init) ?? 10_000
        let service = try await StandInPushService.start()
        defer { service.stop() }

        let path = folder.appendingPathComponent("notifications.sqlite").path
        let seedStarted = Date()
        let org = "bench-church"
        let repository = try await seed(path: path, org: org, devices: devices, endpoint: service.url)
        say("steward-bench --notifications: \(ProcessInfo.processInfo.activeProcessorCount) cores; \(devices) Web Push "
            + "devices of one organization (SQLite store, seeded in \(format(Date().timeIntervalSince(seedStarted), 1)) s)")

        let http = HTTPClient(options: HTTPClientOptions(connectTimeout: 10, totalTimeout: 30, maxResponseBytes: 64 * 1024,
                                                         userAgent: "steward-store"))
        let message = PushMessage(org: org, id: "announcement:bench", title: "Service moved to 11:00",
                                  body: "Because of the snow, Sunday's service starts at 11:00. Drive safely, and see you there.",
                                  sendAt: Date(), expiresAt: Date().addingTimeInterval(86_400))
        let bodySize = WebPushEncryption.maxBodyBytes - (4096 - 86 - 17 - PushPayload.json(message).count)

        // The baseline: plain POSTs of the same size.
        service.received = 0
        let plainSeconds = try await Stopwatch.seconds {
            try await plainPosts(devices, bodySize: bodySize, to: service.url, http: http)
        }
        guard service.received == devices else { throw BenchError("the stand-in got \(service.received) of \(devices) POSTs") }

        // The delivery.
        service.received = 0
        let vapid = VAPIDIdentity(key: VAPIDKey.generate(), subject: "mailto:office@grace.example")
        let delivery = PushDeliveryService(
            repository: repository,
            senders: PushSenders(webPush: WebPushSender(vapid: vapid, http: http, allowPrivateEndpoints: true)),
            logger: Logger(label: "bench.push") { _ in SwiftLogNoOpLogHandler() })
        try await repository.enqueuePushMessage(message, now: Date())
        let deliverySeconds = try await Stopwatch.seconds {
            while true {
                try await delivery.runRound(now: Date())
                if let report = try await repository.pushReport(org: org, messageId: message.id), report.isFinished { break }
            }
        }
        let report = try await repository.pushReport(org: org, messageId: message.id)
        guard report?.delivered == devices, service.received == devices else {
            throw BenchError("delivered \(report?.delivered ?? 0) of \(devices) (the stand-in got \(service.received))")
        }
        try await repository.close()

        say("  \(devices) plain POSTs of \(bodySize) bytes, \(concurrency) at a time: \(format(plainSeconds, 2)) s "
            + "(\(Int(Double(devices) / plainSeconds)) per second)")
        say("  one announcement to \(devices) devices (jobs, encryption, VAPID, POST, answers recorded): "
            + "\(format(deliverySeconds, 2)) s (\(Int(Double(devices) / deliverySeconds)) per second)")
        say("  ratio, delivery to plain POSTs: \(format(deliverySeconds / plainSeconds, 2))")
        return true
    }

    /// A store with the organization, a member per ten devices and the devices, written
    /// straight into its tables (registering them one request at a time is not what is timed).
    static func seed(path: String, org: String, devices: Int, endpoint: String) async throws -> SQLiteStoreRepository {
        let repository = try SQLiteStoreRepository(path: path)
        try await repository.migrate()
        try await repository.addOrg(OrgInfo(slug: org, name: "Grace Community Church", timeZone: "America/Chicago"))
        let queue = try DatabaseQueue(path: path)
        let members = (devices + 9) / 10
        let now = Milliseconds.from(Date())
        try await queue.write { db in
            for index in 0..<members {
                let fields: JSONValue = .object(["displayName": .string("Member \(index)"), "email": .string("m\(index)@grace.example"),
                                                 "audience": .string("residents"), "role": .string("member"),
                                                 "disabled": .bool(false)])
                try db.execute(sql: """
                    INSERT INTO records (org, entity, id, version, deleted, fields, changed_at, changed_by)
                    VALUES (?, 'member', ?, ?, 0, ?, ?, 'bench')
                    """, arguments: [org, "member-\(index)", index + 1, fields.canonicalText, now])
            }
            try db.execute(sql: "UPDATE orgs SET last_seq = ? WHERE slug = ?", arguments: [members, org])
            for index in 0..<devices {
                let key = P256.KeyAgreement.PrivateKey().publicKey.x963Representation
                let auth = Data((0..<16).map { _ in UInt8.random(in: 0...255) })
                try db.execute(sql: """
                    INSERT INTO push_devices (id, org, member_id, platform, address, p256dh, auth, created_at)
                    VALUES (?, ?, ?, 'webpush', ?, ?, ?, ?)
                    """, arguments: ["device-\(index)", org, "member-\(index / 10)", "\(endpoint)/push/\(index)",
                                     Base64URL.encode(key), Base64URL.encode(auth), now])
            }
        }
        return repository
    }

    static func plainPosts(_ count: Int, bodySize: Int, to url: String, http: HTTPClient) async throws {
        let body = Data((0..<bodySize).map { _ in UInt8.random(in: 0...255) })
        try await withThrowingTaskGroup(of: Void.self) { group in
            var next = 0
            func start() {
                let index = next
                next += 1
                group.addTask {
                    let answer = try await http.send(HTTPClientRequest(
                        method: "POST", url: "\(url)/push/\(index)",
                        headers: ["Content-Type": "application/octet-stream", "TTL": "86400"], body: body))
                    guard answer.status == 201 else { throw BenchError("a plain POST answered \(answer.status)") }
                }
            }
            while next < min(concurrency, count) { start() }
            while try await group.next() != nil {
                if next < count { start() }
            }
        }
    }
}

/// A push service that accepts everything (201), in this process, counting what it got.
final class StandInPushService: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    private var task: Task<Void, any Error>?
    private(set) var url = ""

    var received: Int {
        get { lock.withLock { count } }
        set { lock.withLock { count = newValue } }
    }

    static func start() async throws -> StandInPushService {
        let service = StandInPushService()
        let router = Router()
        router.post("push/{id}") { request, _ -> Response in
            _ = try await request.body.collect(upTo: 8192)
            service.lock.withLock { service.count += 1 }
            return Response(status: .created)
        }
        let (port, ready) = AsyncStream.makeStream(of: Int.self)
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                              onServerRunning: { channel in ready.yield(channel.localAddress?.port ?? 0) },
                              logger: Logger(label: "bench.stand-in") { _ in SwiftLogNoOpLogHandler() })
        service.task = Task { try await app.runService() }
        for await bound in port {
            service.url = "http://127.0.0.1:\(bound)"
            break
        }
        return service
    }

    func stop() { task?.cancel() }
}
