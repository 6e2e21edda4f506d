import Foundation
import StewardCore
import Testing

/// `stewardctl approvals`, `members` and `reasons` on the demo's city office.
@Suite("stewardctl approvals, members and reasons")
struct ApprovalCommandTests {
    static let org = ["--org", "riverton-community"]

    func demo() async throws -> CLI {
        let cli = try CLI()
        try #require(try await cli("demo", "load").status == 0)
        return cli
    }

    func queue(_ cli: CLI, _ extra: String...) async throws -> [JSONValue] {
        try await cli.run(["--db", cli.databasePath, "approvals", "list", "--json"] + Self.org + extra).json().items
    }

    func id(_ cli: CLI, titled title: String) async throws -> String {
        let all = try await queue(cli) + queue(cli, "--status", "approved") + queue(cli, "--status", "rejected")
        return try #require(all.first { $0["title"]?.stringValue == title }?["id"]?.stringValue)
    }

    func run(_ cli: CLI, _ arguments: String...) async throws -> CLI.Result {
        try await cli.run(["--db", cli.databasePath] + arguments + Self.org)
    }

    @Test("the queue lists pending and changes-requested submissions, oldest first; --status picks others")
    func list() async throws {
        let cli = try await demo()
        let queued = try await queue(cli)
        #expect(Set(queued.compactMap { $0["status"]?.stringValue }) == ["pending", "changes-requested"])
        let times = queued.compactMap { $0["submittedAt"]?.stringValue }
        #expect(times == times.sorted())
        #expect(queued.contains { $0["reReview"]?.boolValue == true && !($0["changes"]?.items.isEmpty ?? true) })
        #expect(try await queue(cli, "--status", "rejected").count == 1)
        #expect(try await queue(cli, "--status", "approved").count == 2)
        let bad = try await run(cli, "approvals", "list", "--status", "done")
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("status: must be one of pending, approved, rejected, changes-requested"))
        let text = try await run(cli, "approvals", "list")
        #expect(text.stdout.contains("Block Party on Elm Street"))
        #expect(text.stdout.contains("(re-review)"))
    }

    @Test("approve takes several ids; the decisions wait in the outbox for the next sync")
    func approve() async throws {
        let cli = try await demo()
        let first = try await id(cli, titled: "Block Party on Elm Street")
        let second = try await id(cli, titled: "Study Jam for Finals")
        let result = try await run(cli, "approvals", "approve", first, second, "--json")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try result.json().items.compactMap { $0["status"]?.stringValue } == ["approved", "approved"])
        #expect(try await queue(cli).allSatisfy { ![first, second].contains($0["id"]?.stringValue ?? "") })
        // Approving again is refused, changing nothing.
        let again = try await run(cli, "approvals", "approve", first)
        #expect(again.status == 2)
        #expect(again.stderr.contains("already approved"))
    }

    @Test("reject and request-changes need --reason (exit 2 naming it); with one, they are recorded")
    func reasons() async throws {
        let cli = try await demo()
        let target = try await id(cli, titled: "Free Bike Tune-Ups")
        for verb in ["reject", "request-changes"] {
            let missing = try await run(cli, "approvals", verb, target)
            #expect(missing.status == 2)
            #expect(missing.stderr.contains("--reason"))
            let blank = try await run(cli, "approvals", verb, target, "--reason", "   ")
            #expect(blank.status == 2)
        }
        #expect(try await queue(cli).contains { $0["id"]?.stringValue == target && $0["status"]?.stringValue == "pending" })
        let asked = try await run(cli, "approvals", "request-changes", target, "--reason", "Add a contact email", "--json")
        #expect(asked.status == 0, "\(asked.stderr)")
        #expect(try asked.json().items.first?["reason"]?.stringValue == "Add a contact email")
        let rejected = try await run(cli, "approvals", "reject", target, "--reason", "Duplicate of an event already listed")
        #expect(rejected.status == 0, "\(rejected.stderr)")
        #expect(try await queue(cli, "--status", "rejected").contains { $0["id"]?.stringValue == target })
        // A rejected submission is kept, and stays so.
        #expect(try await run(cli, "approvals", "approve", target).status == 2)
        #expect(try await run(cli, "approvals", "approve", UUID().uuidString).status == 1)
        #expect(try await run(cli, "approvals", "approve", "not-an-id").status == 2)
    }

    @Test("trail shows every move with who, when, why and the version it was based on")
    func trail() async throws {
        let cli = try await demo()
        let target = try await id(cli, titled: "Lantern Making Workshop")
        let trail = try await run(cli, "approvals", "trail", target, "--json").json().items
        #expect(trail.map { "\($0["from"]?.stringValue ?? "")>\($0["to"]?.stringValue ?? "")" }
                == ["new>pending", "pending>approved", "approved>pending"])
        #expect(trail.allSatisfy { $0["at"]?.stringValue != nil && $0["basedOn"]?.int64Value != nil && $0["by"] != nil })
        let text = try await run(cli, "approvals", "trail", target)
        #expect(text.stdout.contains("pending → approved"))
    }

    @Test("members list, show, disable, enable and set-role")
    func members() async throws {
        let cli = try await demo()
        let all = try await run(cli, "members", "list", "--json").json().items
        // The approval queue's 8, and the 24 more the passport's year of demo activity brings.
        #expect(all.count == 8 + 24)
        #expect(all.filter { $0["role"]?.stringValue == "organizer" }.count == 2)
        #expect(all.allSatisfy { $0["passwordHash"] == nil && $0["password"] == nil })
        let shown = try await run(cli, "members", "show", "MARCUS.CHEN@mail.example", "--json").json()
        let id = try #require(shown["id"]?.stringValue)
        #expect(try await run(cli, "members", "set-role", id, "trusted-organizer", "--json").json()["role"]?.stringValue == "organizer")
        #expect(try await run(cli, "members", "disable", id, "--json").json()["disabled"]?.boolValue == true)
        #expect(try await run(cli, "members", "enable", id, "--json").json()["disabled"]?.boolValue == false)
        let bad = try await run(cli, "members", "set-role", id, "mayor")
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("role: must be member or organizer"))
        #expect(try await run(cli, "members", "show", "nobody@mail.example").status == 1)
        #expect(try await run(cli, "members", "list", "--search", "priya").stdout.contains("Priya Raman"))
    }

    @Test("stock reasons: list, add and remove")
    func stockReasons() async throws {
        let cli = try await demo()
        #expect(try await run(cli, "reasons", "list", "--json").json().items.count == 5)
        let added = try await run(cli, "reasons", "add", "--text", "Add a photo", "--position", "9", "--json")
        let id = try #require(try added.json()["id"]?.stringValue)
        #expect(try await run(cli, "reasons", "list", "--json").json().items.last?["text"]?.stringValue == "Add a photo")
        #expect(try await run(cli, "reasons", "remove", id).status == 0)
        #expect(try await run(cli, "reasons", "list", "--json").json().items.count == 5)
        let empty = try await run(cli, "reasons", "add", "--text", "")
        #expect(empty.status == 2)
        #expect(empty.stderr.contains("text"))
    }

    @Test("every option of the new commands has help")
    func help() async throws {
        let cli = try CLI()
        for command in [["approvals", "list"], ["approvals", "approve"], ["approvals", "reject"],
                        ["approvals", "request-changes"], ["approvals", "trail"], ["members", "set-role"],
                        ["members", "list"], ["reasons", "add"]] {
            let help = try await cli.run(command + ["--help"])
            #expect(help.status == 0)
            // ArgumentParser prints an option without help text on a line of its own, bare.
            let bare = help.stdout.split(separator: "\n").filter { line in
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                return trimmed.hasPrefix("--") && !trimmed.contains("  ") && !line.hasPrefix("      ")
            }
            #expect(bare.isEmpty, "\(command): \(bare)")
        }
    }
}
