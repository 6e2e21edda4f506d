import ArgumentParser
import CommandLineSupport
import Foundation
import StewardStore

/// How `serve` reaches members' devices: the keys of each push service it signs for.
struct PushOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "PEM file of the P-256 private key the store signs Web Push requests with (VAPID); without it the store sends no Web Push. Make one with: openssl ecparam -name prime256v1 -genkey -noout -out vapid.pem",
        valueName: "file"))
    var vapidKeyFile: String?

    @Option(name: .long, help: ArgumentHelp(
        "Where push services can reach whoever runs the store, named in every Web Push request: a mailto: or https: address. Needed with --vapid-key-file.",
        valueName: "address"))
    var vapidSubject: String?

    @Flag(name: .long, help: ArgumentHelp(
        "Accept push endpoints on loopback, private and link-local addresses, and plain http: for tests and closed networks only. Without it such endpoints are refused, so nobody can make the store call into its own network."))
    var allowPrivatePushEndpoints = false

    @Option(name: .long, help: ArgumentHelp(
        "The .p8 key file Apple's developer account gives for APNs (Keys, Apple Push Notifications service); with --apns-key-id, --apns-team-id and --apns-topic. Without it the store sends nothing to Apple devices.",
        valueName: "file"))
    var apnsKeyFile: String?

    @Option(name: .long, help: ArgumentHelp("The APNs key's id (10 characters, shown beside the key in Apple's developer account).", valueName: "id"))
    var apnsKeyId: String?

    @Option(name: .long, help: ArgumentHelp("The Apple developer team id the key belongs to (10 characters).", valueName: "id"))
    var apnsTeamId: String?

    @Option(name: .long, help: ArgumentHelp("The app's bundle id, which APNs takes as the topic (org.example.app).", valueName: "bundle-id"))
    var apnsTopic: String?

    @Option(name: .long, help: ArgumentHelp(
        "Where APNs is: \(APNsSender.Configuration.production) (the default, for apps from the App Store and TestFlight) or https://api.sandbox.push.apple.com (apps built for development).",
        valueName: "url"))
    var apnsHost: String = APNsSender.Configuration.production

    @Option(name: .long, help: ArgumentHelp(
        "The Firebase project's service account file (JSON, from the Firebase console: Project settings, Service accounts, Generate new private key). Without it the store sends nothing through FCM.",
        valueName: "file"))
    var fcmServiceAccount: String?

    @Option(name: .long, help: ArgumentHelp("Where FCM's HTTP v1 API is.", valueName: "url"))
    var fcmEndpoint: String = FCMSender.defaultEndpoint

    @Option(name: .long, help: ArgumentHelp(
        "Seconds a notification taken by one store process stays its own: after that another process (or this one, restarted) sends it, so a process killed mid-delivery loses nothing. Longer than any one request to a push service.",
        valueName: "seconds"))
    var pushLease: Int = 120

    @Option(name: .long, help: ArgumentHelp(
        "Notifications sent per minute to any one organization's devices, across all store processes that share the database (they count in it); what is over waits for the next minute. 0: no limit.",
        valueName: "per-minute"))
    var pushRateLimit: Int = 6000

    /// The key files: the options, else the systemd credentials vapid-key, apns-key and
    /// fcm-service-account.
    var vapidKeyPath: String? { vapidKeyFile ?? SystemdCredentials.file(named: "vapid-key") }
    var apnsKeyPath: String? { apnsKeyFile ?? SystemdCredentials.file(named: "apns-key") }
    var fcmServiceAccountPath: String? { fcmServiceAccount ?? SystemdCredentials.file(named: "fcm-service-account") }

    func validate() throws {
        let apns = [apnsKeyPath, apnsKeyId, apnsTeamId, apnsTopic]
        guard apns.allSatisfy({ $0 == nil }) || apns.allSatisfy({ $0 != nil }) else {
            throw ValidationError("--apns-key-file, --apns-key-id, --apns-team-id and --apns-topic: give all four, or none")
        }
        for (option, url) in [("--apns-host", apnsHost), ("--fcm-endpoint", fcmEndpoint)] {
            guard let parts = URLComponents(string: url), ["https", "http"].contains(parts.scheme ?? ""), parts.host != nil else {
                throw ValidationError("\(option): must be an https:// address")
            }
        }
        guard (5...3600).contains(pushLease) else { throw ValidationError("--push-lease: must be from 5 to 3600 seconds") }
        guard pushRateLimit >= 0 else { throw ValidationError("--push-rate-limit: must be 0 (no limit) or more") }
        guard (vapidKeyPath == nil) == (vapidSubject == nil) else {
            throw ValidationError("--vapid-key-file and --vapid-subject: give both, or neither")
        }
        if let vapidSubject {
            do {
                try VAPIDAuthorization.checkSubject(vapidSubject)
            } catch {
                throw ValidationError("--vapid-subject: \(error)")
            }
        }
    }

    func configuration() throws -> PushConfiguration {
        var vapid: VAPIDIdentity?
        if let vapidKeyFile = vapidKeyPath, let vapidSubject {
            let pem: String
            do {
                pem = try String(contentsOfFile: vapidKeyFile, encoding: .utf8)
            } catch {
                throw CLIError.usage("--vapid-key-file: cannot read \(vapidKeyFile): \(error.localizedDescription)")
            }
            do {
                vapid = VAPIDIdentity(key: try VAPIDKey(pemRepresentation: pem), subject: vapidSubject)
            } catch {
                throw CLIError.usage("--vapid-key-file: \(vapidKeyFile) is not a PEM P-256 private key (\(error))")
            }
        }
        var apns: APNsSender.Configuration?
        if let apnsKeyFile = apnsKeyPath, let apnsKeyId, let apnsTeamId, let apnsTopic {
            apns = APNsSender.Configuration(p8: try Self.read(apnsKeyFile, option: "--apns-key-file"), keyId: apnsKeyId,
                                            teamId: apnsTeamId, topic: apnsTopic, host: apnsHost)
        }
        var fcm: (account: FCMServiceAccount, endpoint: String)?
        if let fcmServiceAccount = fcmServiceAccountPath {
            let text = try Self.read(fcmServiceAccount, option: "--fcm-service-account")
            do {
                fcm = (try FCMServiceAccount.read(Data(text.utf8)), fcmEndpoint)
            } catch {
                throw CLIError.usage("--fcm-service-account: \(fcmServiceAccount) is not a service account file (JSON with project_id, client_email, private_key and token_uri)")
            }
        }
        return PushConfiguration(vapid: vapid, allowPrivateEndpoints: allowPrivatePushEndpoints, apns: apns, fcm: fcm)
    }

    private static func read(_ path: String, option: String) throws -> String {
        do {
            return try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw CLIError.usage("\(option): cannot read \(path): \(error.localizedDescription)")
        }
    }

    var tuning: PushDeliveryService.Tuning {
        var tuning = PushDeliveryService.Tuning()
        tuning.lease = .seconds(pushLease)
        tuning.rateLimit = pushRateLimit
        return tuning
    }
}
