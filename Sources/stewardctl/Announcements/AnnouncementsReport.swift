import ArgumentParser
import CommandLineSupport
import Foundation
import StewardCore
import StewardCredentials
import Translation

/// `stewardctl announcements report ID`: what became of a sent announcement, as the store
/// reported it: devices it was for, delivered, failed, and removed (gone). With a remote store,
/// the store's latest is pulled first.
struct AnnouncementsReport: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Show how many devices a sent announcement reached.",
        discussion: """
            Prints the devices it was sent to, and how many had it delivered, failed, or were \
            removed because their push service said they are gone; --json prints `devices`, \
            `delivered`, `failed`, `removed`, `pending`, `sentAt` (null until sent) and `status`. \
            When the organization has a remote store, its changes are pulled first; without \
            a connection the last report pulled is shown (with a warning on stderr).
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions
    @OptionGroup var id: RecordIDArgument<AnnouncementKind>

    @Flag(name: .long, help: "Show the last report pulled, without asking the store.")
    var offline = false

    func run() async throws {
        let recordID = try id.uuid()
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database, holding: recordID, of: .announcement)
        let service = RecordService(database: database)
        let announcement = try await RecordLookup.find(recordID, of: .announcement, in: organization, service: service)
        let credentials = LazyCredentialStore()
        if !offline, try await RemoteService(database: database, credentials: credentials).remote(for: organization) != nil {
            let engine = SyncEngine(database: database, options: .fromEnvironment(), credentials: credentials,
                                    media: MediaOutput.library(global, database: database))
            do {
                _ = try await engine.sync(org: organization)
            } catch {
                Console.warn(tr("the store could not be asked ({reason}); showing the last report pulled",
                                ["reason": "\(error)"]))
            }
        }
        let report = try await service.record(.announcementReport, id: recordID, in: organization)
        let status = RecordType.announcement.statusKey(of: announcement.fields) ?? "draft"
        let fields = report?.fields ?? .object([:])
        func count(_ name: String) -> Int64 { fields[name]?.int64Value ?? 0 }
        if output.json {
            Console.printJSON(.object([
                "id": .string(recordID.uuidString.lowercased()), "status": .string(status),
                "devices": .int(count("devices")), "delivered": .int(count("delivered")), "failed": .int(count("failed")),
                "removed": .int(count("removed")), "pending": .int(count("pending")),
                "sentAt": fields["sentAt"] ?? .null,
            ]))
            return
        }
        guard report != nil else {
            switch status {
            case "draft": print(tr("A draft: not sent."))
            default: print(tr("Not sent yet: the store sends it at its send time, once it has it (sync to send it)."))
            }
            return
        }
        print(tr("Sent to {devices} devices: {delivered} delivered, {failed} failed, {removed} removed (gone), {pending} still being tried.",
                 ["devices": String(count("devices")), "delivered": String(count("delivered")), "failed": String(count("failed")),
                  "removed": String(count("removed")), "pending": String(count("pending"))]))
    }
}
