import ArgumentParser
import StewardCore
import Translation

/// `stewardctl TYPE remove ID`: deletes a record, unless another still refers to it.
struct RecordRemove<Kind: RecordKind>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "remove",
            abstract: "Remove \(Kind.type.helpNounWithArticle).",
            discussion: """
                The \(Kind.type.helpNoun) disappears from every list; the members' apps learn of the \
                removal at the next sync. A record another one still refers to (a series with \
                messages in it) is not removed: the message names one of those (exit status 1).
                """)
    }

    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions
    @OptionGroup var id: RecordIDArgument<Kind>
    @OptionGroup var scope: Kind.Scope

    func run() async throws {
        let type = Kind.type
        let recordID = try id.uuid()
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database, holding: recordID, of: type)
        let service = RecordService(database: database)
        let stored = try await RecordLookup.find(recordID, of: type, in: organization, service: service)
        let out = try await Kind.printer(org: organization, service: service)
        if !scope.isWholeRecord {
            // A part of the record goes (one occurrence of a series): the record is rewritten.
            let fields = try scope.fields(removingPartOf: stored, zone: organization.timeZone)
            let record = try await service.replace(type, id: recordID, fields: fields, in: organization)
            if output.json { Console.printJSON(out.json(record)) } else { Console.print(out.lines(record)) }
            return
        }
        let removed = try await service.delete(type, id: recordID, in: organization)
        if output.json {
            Console.printJSON(out.json(removed))
        } else {
            print(out.removed(removed))
        }
    }
}
