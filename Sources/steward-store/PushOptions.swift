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
        "Seconds a notification taken by one store process stays its own: after that another process (or this one, restarted) sends it, so a process killed mid-delivery loses nothing. Longer than any one request to a push service.",
        valueName: "seconds"))
    var pushLease: Int = 120

    func validate() throws {
        guard (5...3600).contains(pushLease) else { throw ValidationError("--push-lease: must be from 5 to 3600 seconds") }
        guard (vapidKeyFile == nil) == (vapidSubject == nil) else {
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
        if let vapidKeyFile, let vapidSubject {
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
        return PushConfiguration(vapid: vapid, allowPrivateEndpoints: allowPrivatePushEndpoints)
    }

    var tuning: PushDeliveryService.Tuning {
        var tuning = PushDeliveryService.Tuning()
        tuning.lease = .seconds(pushLease)
        return tuning
    }
}
