import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ServiceLifecycle

/// Builds the HTTP application on a repository: routes, middleware, and the services that run
/// beside the server (the PostgreSQL pool, the tombstone purge, the session cleanup). The schema
/// is migrated before the server accepts its first request.
///
/// `onListening` gets the bound host and port once the socket is open (with port 0 that is
/// the only way to learn the port). `server` is plain HTTP/1.1 with the standard connection
/// limits unless given (`GuardedServer.builder` with other limits, `StoreTLS.server` for HTTPS).
public func buildApplication(
    repository: any StoreRepository,
    services: [any Service] = [],
    configuration: StoreConfiguration,
    logger: Logger,
    server: HTTPServerBuilder = GuardedServer.builder(limits: .standard),
    readCache: MemberReadCache = MemberReadCache(),
    onListening: @escaping @Sendable (_ host: String, _ port: Int) async -> Void = { _, _ in }
) -> some ApplicationProtocol {
    let router = buildRouter(repository: repository, configuration: configuration, readCache: readCache)
    let purge = TombstonePurgeService(repository: repository, retention: configuration.tombstoneRetention,
                                      interval: configuration.purgeInterval, logger: logger)
    var app = Application(
        router: router,
        server: server,
        configuration: .init(address: .hostname(configuration.host, port: configuration.port),
                             serverName: "steward-store"),
        services: services,
        onServerRunning: { channel in
            let port = channel.localAddress?.port ?? configuration.port
            await onListening(configuration.host, port)
        },
        logger: logger
    )
    app.beforeServerStarts { try await repository.migrate() }
    let sessionCleanup = SessionCleanupService(repository: repository, limits: configuration.signInLimits,
                                               interval: configuration.purgeInterval, logger: logger)
    // Added after the repository's own services so the pool is up when they first run.
    app.addServices(purge, sessionCleanup)
    return app
}

/// The routes of docs/openapi.yaml. Errors of every kind come out as JSON `ErrorResponse`s.
/// `readCache` keeps the answers members poll (`MemberReadCache`); each router has its own,
/// as each store process does.
public func buildRouter(repository: any StoreRepository, configuration: StoreConfiguration,
                        readCache: MemberReadCache = MemberReadCache()) -> Router<StoreRequestContext> {
    let router = Router(context: StoreRequestContext.self)
    router.add(middleware: ErrorMiddleware())
    HealthController(repository: repository).addRoutes(to: router)
    let staffSessions = StaffSessions(repository: repository, configuration: configuration)
    let sessions = SessionController(sessions: staffSessions, trustForwardedFor: configuration.trustForwardedFor)
    // Members sign in with the staff sessions' machinery: the same throttles, line and hashing.
    let members = MemberAccountController(
        members: MemberSessions(sessions: staffSessions,
                                registrations: AttemptLimit(.registration, limit: configuration.registrationsPerHour,
                                                            window: .seconds(3600), repository: repository)),
        trustForwardedFor: configuration.trustForwardedFor)
    // Signing in and refreshing are how a staff member gets a bearer token: no token needed.
    // Registering and signing in are how an app member gets one.
    // A staff member who does not know their organization's slug signs in to all of theirs.
    AccountSessionController(sessions: staffSessions, trustForwardedFor: configuration.trustForwardedFor)
        .addRoutes(to: router.group("v1"))
    let open = router.group("v1/orgs/{org}")
    sessions.addOpenRoutes(to: open)
    members.addOpenRoutes(to: open)
    // A module the organization switched off serves nothing, feeds included.
    let feeds = router.group("v1/orgs/{org}").add(middleware: ModuleGateMiddleware(repository: repository, cache: readCache))
    // Podcast apps cannot send a token; the feed holds only what members may see.
    PodcastFeedController(repository: repository, cache: readCache).addRoutes(to: feeds)
    // Calendar apps cannot send a token either: the feed's key is in its address.
    CalendarFeedController(repository: repository).addRoutes(to: feeds)
    // Apps ask for the Web Push key before the member signs in.
    WebPushKeyController(repository: repository, vapid: configuration.push.vapid).addRoutes(to: open)

    let org = router.group("v1/orgs/{org}")
        .add(middleware: BearerAuthMiddleware(repository: repository))
        .add(middleware: ModuleGateMiddleware(repository: repository, cache: readCache))
    ModulesController(repository: repository).addRoutes(to: org)
    PushController(repository: repository, bodyReader: RequestBodyReader(limit: configuration.maxBodyBytes))
        .addRoutes(to: org)
    ChangesController(repository: repository).addRoutes(to: org)
    UpcomingEventsController(repository: repository, cache: readCache).addRoutes(to: org)
    EventRangeController(repository: repository).addRoutes(to: org)
    RecordReadController(repository: repository, cache: readCache).addRoutes(to: org)
    ClassScheduleController(repository: repository, cache: readCache).addRoutes(to: org)
    ProfileController(repository: repository, cache: readCache).addRoutes(to: org)
    HistoryController(repository: repository).addRoutes(to: org)
    sessions.addSignedInRoutes(to: org)
    members.addSignedInRoutes(to: org)
    SubmissionController(repository: repository,
                         limiter: AttemptLimit(.submission, limit: configuration.submissionsPerHour, window: .seconds(3600),
                                               repository: repository))
        .addRoutes(to: org)
    LeaderboardController(repository: repository).addRoutes(to: org)
    MemberPassportController(repository: repository).addRoutes(to: org)
    CheckInController(repository: repository,
                      limiter: AttemptLimit(.checkIn, limit: configuration.checkInAttemptsPer10Minutes, window: .seconds(600),
                                            repository: repository))
        .addRoutes(to: org)
    SurveyController(repository: repository).addRoutes(to: org)
    CampusChoiceController(repository: repository).addRoutes(to: org)
    RideMemberController(repository: repository).addRoutes(to: org)
    LeadMemberController(repository: repository,
                         limiter: AttemptLimit(.lead, limit: configuration.submissionsPerHour, window: .seconds(3600),
                                               repository: repository))
        .addRoutes(to: org)
    LedGroupLeadsController(repository: repository).addRoutes(to: org)
    PushDeviceController(repository: repository, configuration: configuration.push).addRoutes(to: org)
    if let media = configuration.media {
        MediaUploadController(repository: repository, media: media).addRoutes(to: org)
        MediaLibraryController(repository: repository, media: media).addRoutes(to: org)
        // Podcast players and <img> cannot send a token: the address's token is the permission.
        PublicMediaController(repository: repository, storage: media.storage).addRoutes(to: router.group("media"))
    }
    return router
}
