import CommandLineSupport
import Foundation
import PostgresNIO
import StewardCore
import StewardStore

extension StewardStoreCommand {
    /// How steward-store reports failures; the rules shared with stewardctl live in
    /// CommandLineSupport, the store's own errors are sorted here.
    static let errorReport = ErrorReport<StewardStoreCommand>(tool: "steward-store") { error in
        switch error {
        case let error as PostgresURL.Invalid:
            return .usage(error.description)
        case let error as StoreFailure:
            switch error {
            case .unknownOrg: return .usage("--org: \(error.description)")
            case .orgExists: return .usage("SLUG: \(error.description)")
            case .staffExists: return .usage("--email: \(error.description)")
            case .unknownToken: return .usage("--replaces: \(error.description)")
            case .resyncRequired, .unavailable, .clientIdInUse, .emailTaken: return .failure(error.description)
            }
        case let error as DatabaseFileError:
            // Names the file and what to do: a newer release's file, a damaged backup.
            return .failure(error.description)
        case let error as PSQLError:
            // PSQLError's description hides details on purpose; the server's message is safe.
            let message = error.serverInfo?[.message] ?? "\(error.code)"
            return .failure("postgres: \(message)")
        default:
            return nil
        }
    }
}
