import ArgumentParser
import StewardCore
import Translation

/// `stewardctl leaderboard [--json]`
struct LeaderboardCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "leaderboard",
        abstract: "Rank members by passport stamps: ties share a rank, who got there first is listed first.",
        discussion: """
            Members who opted out are left off, and minors unless they or their guardian opted in. \
            Totals and levels are read from the stamp ledger.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        let rows = try await StampLedger(database: database).leaderboard(in: organization)
        if output.json {
            Console.printJSON(.array(rows.map { row in
                .object(["rank": .int(Int64(row.rank)), "member": .string(row.member), "name": .string(row.name),
                         "email": .string(row.email), "stamps": .int(Int64(row.stamps)), "level": .optional(row.level?.key),
                         "reachedAt": .optional(row.reachedAt.map(DateTimeText.utc))])
            }))
        } else if rows.isEmpty {
            print(tr("Nobody on the leaderboard of {org} yet.", ["org": organization.slug]))
        } else {
            var table = Table(trc("table heading", "RANK"), trc("table heading", "NAME"), trc("table heading", "STAMPS"),
                              trc("table heading", "LEVEL"))
            for row in rows {
                table.append(String(row.rank), row.name, String(row.stamps), row.level?.name ?? "")
            }
            Console.print(table.lines)
        }
    }
}
