import CommandLineSupport
import ArgumentParser
import Foundation
import Hummingbird
import HummingbirdCore
import StewardStore

/// `steward-store serve`: runs the HTTP API until SIGINT or SIGTERM.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the sync and read API over HTTP.",
        discussion: "Prints one line, 'steward-store listening on http://HOST:PORT' (https with --tls-cert), to stdout once it accepts requests; logs go to stderr."
    )

    @Option(name: .long, help: ArgumentHelp("Address to listen on.", valueName: "address"))
    var host: String = "127.0.0.1"

    @Option(name: .long, help: ArgumentHelp("Port to listen on; 0 picks a free port (the listening line tells which).", valueName: "port"))
    var port: Int = StoreConfiguration.defaultPort

    @OptionGroup var storage: StorageOptions

    @OptionGroup(title: "Push notifications") var push: PushOptions

    @OptionGroup(title: "Media") var media: MediaOptions

    @Option(name: .long, help: ArgumentHelp("Days a deletion stays in the change feed before it may be purged.", valueName: "days"))
    var tombstoneRetentionDays: Int = StoreConfiguration.defaultRetentionDays

    @Option(name: .long, help: ArgumentHelp("Largest request body accepted, in bytes (also after gzip decompression).", valueName: "bytes"))
    var maxBodyBytes: Int = StoreConfiguration.defaultMaxBodyBytes

    @Option(name: .long, help: ArgumentHelp("Seconds a staff member's access token works before the console must refresh it.", valueName: "seconds"))
    var accessTokenTtl: Int = StoreConfiguration.defaultAccessTokenSeconds

    @Option(name: .long, help: ArgumentHelp("Seconds a refresh token stays valid if unused; past it the staff member signs in again.", valueName: "seconds"))
    var refreshTokenTtl: Int = StoreConfiguration.defaultRefreshTokenSeconds

    @Option(name: .long, help: ArgumentHelp("Serve HTTPS with this PEM certificate (chain) file; needs --tls-key. Under systemd, the credentials tls-cert and tls-key do the same.", valueName: "file"))
    var tlsCert: String?

    @Option(name: .long, help: ArgumentHelp("The PEM private key of --tls-cert.", valueName: "file"))
    var tlsKey: String?

    @Flag(name: .long, help: ArgumentHelp(
        "Count sign-in attempts by the last address in X-Forwarded-For: only behind a reverse proxy that sets it, never when clients reach the store directly."))
    var trustForwardedFor = false

    @Option(name: .long, help: ArgumentHelp(
        "Seconds a client has to send a request's head, from its first byte, and the longest it may pause while sending a body; slower connections are closed.",
        valueName: "seconds"))
    var readTimeout: Int = ConnectionLimits.defaultReadTimeoutSeconds

    @Option(name: .long, help: ArgumentHelp(
        "Seconds a kept-alive connection (or a new one that sends nothing) may wait for a request before it is closed.",
        valueName: "seconds"))
    var idleTimeout: Int = ConnectionLimits.defaultIdleTimeoutSeconds

    @Option(name: .long, help: ArgumentHelp(
        "Most connections one client address may hold open; more are closed at once; 0: no cap. Default: \(ConnectionLimits.defaultMaxConnectionsPerAddress), or no cap with --trust-forwarded-for (every connection then comes from the proxy).",
        valueName: "count"))
    var maxConnectionsPerAddress: Int?

    /// Upper bounds keep the date arithmetic on these values far from overflowing.
    static let maxSeconds = 10 * 366 * 86_400
    static let maxRetentionDays = 36_600

    func validate() throws {
        guard (1...Self.maxSeconds).contains(accessTokenTtl) else {
            throw ValidationError("--access-token-ttl: must be from 1 to \(Self.maxSeconds) seconds")
        }
        guard refreshTokenTtl <= Self.maxSeconds else {
            throw ValidationError("--refresh-token-ttl: must be at most \(Self.maxSeconds) seconds")
        }
        guard refreshTokenTtl >= accessTokenTtl else {
            throw ValidationError("--refresh-token-ttl: must be at least the access token's \(accessTokenTtl) seconds")
        }
        guard (0...65535).contains(port) else { throw ValidationError("--port: must be from 0 to 65535") }
        guard (1...Self.maxRetentionDays).contains(tombstoneRetentionDays) else {
            throw ValidationError("--tombstone-retention-days: must be from 1 to \(Self.maxRetentionDays)")
        }
        guard maxBodyBytes >= 1024 else { throw ValidationError("--max-body-bytes: must be 1024 or more") }
        guard !host.isEmpty else { throw ValidationError("--host: must not be empty") }
        guard (tlsCertPath == nil) == (tlsKeyPath == nil) else {
            throw ValidationError("--tls-cert and --tls-key: give both, or neither")
        }
        guard (1...Self.maxConnectionSeconds).contains(readTimeout) else {
            throw ValidationError("--read-timeout: must be from 1 to \(Self.maxConnectionSeconds) seconds")
        }
        guard (1...Self.maxConnectionSeconds).contains(idleTimeout) else {
            throw ValidationError("--idle-timeout: must be from 1 to \(Self.maxConnectionSeconds) seconds")
        }
        if let maxConnectionsPerAddress, maxConnectionsPerAddress < 0 {
            throw ValidationError("--max-connections-per-address: must be 0 (no cap) or more")
        }
    }

    /// The TLS files: the options, else the systemd credentials of the same names.
    var tlsCertPath: String? { tlsCert ?? SystemdCredentials.file(named: "tls-cert") }
    var tlsKeyPath: String? { tlsKey ?? SystemdCredentials.file(named: "tls-key") }

    /// A day: longer waits for a client are no timeout at all.
    static let maxConnectionSeconds = 86_400

    var connectionLimits: ConnectionLimits {
        let cap = maxConnectionsPerAddress ?? (trustForwardedFor ? 0 : ConnectionLimits.defaultMaxConnectionsPerAddress)
        return ConnectionLimits(readTimeout: .seconds(readTimeout), idleTimeout: .seconds(idleTimeout),
                                maxConnectionsPerAddress: cap == 0 ? nil : cap)
    }

    func run() async throws {
        let logger = CommandLogging.logger()
        let location = try storage.location
        var configuration = StoreConfiguration(
            host: host, port: port, maxBodyBytes: maxBodyBytes,
            tombstoneRetention: .seconds(Int64(tombstoneRetentionDays) * 86_400),
            accessTokenTTL: .seconds(accessTokenTtl), refreshTokenTTL: .seconds(refreshTokenTtl),
            trustForwardedFor: trustForwardedFor, push: try push.configuration())
        configuration.media = try await media.configuration(for: location)
        var server = GuardedServer.builder(limits: connectionLimits)
        let scheme = tlsCertPath == nil ? "http" : "https"
        if let tlsCert = tlsCertPath, let tlsKey = tlsKeyPath {
            do {
                server = try StoreTLS.server(certificateFile: tlsCert, keyFile: tlsKey, limits: connectionLimits)
            } catch {
                throw CLIError.usage(error.message)
            }
        }
        let (repository, storageServices) = try location.makeRepository(logger: logger)
        // After the storage's own services, so the pool is up when delivery first runs.
        let senders: PushSenders
        do {
            senders = try .configured(configuration.push)
        } catch {
            throw CLIError.usage("a push key cannot be read (--apns-key-file, --fcm-service-account): \(error)")
        }
        let notifier = SystemdNotifier()
        let watchdog = SystemdWatchdogService(notifier: notifier, repository: repository, logger: logger)
        let services = storageServices + [PushDeliveryService(repository: repository, senders: senders,
                                                              tuning: push.tuning, logger: logger)]
            + (watchdog.map { [$0] } ?? [])
        let app = buildApplication(repository: repository, services: services, configuration: configuration,
                                   logger: logger, server: server,
                                   readCache: MemberReadCache.fromEnvironment()) { host, port in
            // The one line on stdout: tests and scripts wait for it, and read the port from it.
            let shown = host.contains(":") ? "[\(host)]" : host
            // Written straight to the file descriptor: print() may sit in a buffer when stdout
            // is a pipe, and the reader is waiting for exactly this line.
            FileHandle.standardOutput.write(Data("steward-store listening on \(scheme)://\(shown):\(port)\n".utf8))
            // Under systemd (Type=notify), units ordered after the store start only now.
            notifier.notify("READY=1\nSTATUS=Listening on \(scheme)://\(shown):\(port)")
        }
        do {
            try await app.runService()
        } catch {
            throw CLIError.failure("serve: \(error)")
        }
        try await repository.close()
    }
}
