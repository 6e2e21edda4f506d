import CommandLineSupport
import Foundation
import StewardCore
import Translation

/// What the passport's commands name: a member by e-mail (or id), an event or a ledger entry by
/// id. Anything malformed or unknown is a usage error (exit 2) naming the option.
enum PassportLookup {
    static func member(_ text: String, in org: Organization, database: AppDatabase) async throws -> LocalRecord {
        guard let record = try await ApprovalService(database: database).member(text, in: org) else {
            throw CLIError.usage("member: " + tr("no member {member} in {org}; give the e-mail a member signs in with (see `{command}`)",
                                                 ["member": text, "org": org.slug, "command": "stewardctl members list"]))
        }
        return record
    }

    static func event(_ text: String) throws -> UUID {
        try id(text, option: "event", noun: RecordType.event.noun, list: "stewardctl events list")
    }

    static func entry(_ text: String) throws -> UUID {
        try id(text, option: "entry-id", noun: RecordType.stamp.noun, list: "stewardctl stamps list")
    }

    private static func id(_ text: String, option: String, noun: String, list: String) throws -> UUID {
        guard let id = UUID(uuidString: text.trimmingCharacters(in: .whitespaces)) else {
            throw CLIError.usage(option + ": " + tr("must be a {noun} id like 3f2b8c1e-5d4a-4e7b-9c61-0a1b2c3d4e5f, as `{command}` prints it (got \"{value}\")",
                                                    ["noun": noun, "command": list, "value": text]))
        }
        return id
    }
}
