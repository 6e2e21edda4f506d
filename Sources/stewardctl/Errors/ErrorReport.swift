import CommandLineSupport
import Foundation
import GRDB
import StewardCore
import StewardCredentials
import Translation

extension Stewardctl {
    /// How stewardctl reports failures; the rules shared with steward-store live in
    /// CommandLineSupport, the core's errors are sorted here.
    static let errorReport = ErrorReport<Stewardctl>(tool: "stewardctl") { error in
        switch error {
        case let error as StewardCore.ValidationError:
            return .usage(error.description)
        case let error as OrganizationError:
            switch error {
            case .unknownSlug: return .usage("org: \(error.description)")
            case .invalid(let validation): return .usage(validation.description)
            }
        case let error as EventStoreError:
            return .failure(error.description)
        case let error as RecordServiceError:
            // A missing record, one still referred to, a second podcast: no field is at fault.
            return .failure(error.description)
        case let error as MediaLibraryError:
            switch error {
            // The file given is at fault: invalid input, nothing kept.
            case .refused, .wrongKind, .unreadable: return .usage("file: " + error.description)
            // No such item, or one records still use: refused by state, as records' removal is.
            case .notFound, .inUse, .removed: return .failure(error.description)
            }
        case let error as StoredRecordUnreadable:
            return .failure(error.description)
        case let error as InsecureConnectionError:
            return .usage(error.cliMessage)
        case let error as SignInError:
            if case .untrustedCertificate(let url, let reason) = error {
                return .failure(tr("The certificate of the store at {url} is not trusted: {reason}. Check the address; if your organization has its own certificate authority, pass {option} with its CA certificate (PEM).",
                                   ["url": url, "reason": reason, "option": "--ca-file"]))
            }
            return .failure(error.message)
        case let error as SyncError:
            return error.cliError
        case let error as KeyringError:
            return .failure(tr("keyring: {problem}", ["problem": error.message]))
        case let error as CredentialFileError:
            return .failure(tr("credentials file: {problem}", ["problem": error.description]))
        case let error as CheckInKeyNotOnStore:
            // Refused like the command's other refusals (no stamps, no such event): exit 2.
            return .usage(error.description)
        case let error as ScheduleRefreshError:
            return .failure(tr("refresh failed, nothing was changed: {reason}", ["reason": error.message]))
        case let error as DatabaseError:
            return .failure(tr("database: {problem}", ["problem": OneLine.text(error)]))
        default:
            return nil
        }
    }
}
