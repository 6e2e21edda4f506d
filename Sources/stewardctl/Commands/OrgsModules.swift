import ArgumentParser
import Foundation
import CommandLineSupport
import StewardCore
import Translation

/// `stewardctl orgs modules`: the modules an organization uses, chosen rather than fixed by its
/// kind. The sidebar shows their pages and the store serves their reads once the choice is sent.
struct OrgsModules: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "modules",
        abstract: "Show or choose the modules an organization uses.",
        discussion: """
            Without options it lists the modules in use. Module names: \(Module.allCases.map(\.rawValue).joined(separator: ", ")). \
            A module switched off keeps its records; switching it on again shows them. The choice \
            reaches the store, and so the apps, with the next sync.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var organization: OrganizationOption
    @OptionGroup var output: OutputOptions

    @Option(parsing: .singleValue, help: ArgumentHelp("Use exactly these modules (comma-separated, or the option repeated).", valueName: "module,module"))
    var use: [String] = []

    @Option(parsing: .singleValue, help: ArgumentHelp("Switch these modules on as well.", valueName: "module,module"))
    var add: [String] = []

    @Option(parsing: .singleValue, help: ArgumentHelp("Switch these modules off (their records are kept).", valueName: "module,module"))
    var remove: [String] = []

    func run() async throws {
        if !use.isEmpty && !(add.isEmpty && remove.isEmpty) {
            throw CLIError.usage("use: " + tr("give either --use or --add/--remove, not both"))
        }
        let database = try global.openDatabase()
        var org = try await organization.resolve(in: database)
        let wanted: [Module]?
        if !use.isEmpty {
            wanted = try Self.modules(use, option: "use")
        } else if !add.isEmpty || !remove.isEmpty {
            let adding = try Self.modules(add, option: "add"), removing = try Self.modules(remove, option: "remove")
            wanted = (org.modules + adding).filter { !removing.contains($0) }
        } else {
            wanted = nil
        }
        let changed = wanted.map { Module.allCases.filter($0.contains) != org.modules } ?? false
        if let wanted {
            org = try await OrganizationService(database: database).setModules(wanted, of: org)
        }
        if output.json {
            Console.printJSON(OrganizationOutput.json(org))
            return
        }
        if changed {
            print(tr("{slug} now uses: {modules}.", ["slug": org.slug, "modules": org.modules.map(\.rawValue).joined(separator: ", ")]))
            return
        }
        var table = Table(trc("table heading", "MODULE"), trc("table heading", "PAGE"))
        for module in org.modules { table.append(module.rawValue, module.title) }
        Console.print(table.lines)
    }

    /// Module names typed comma-separated or one per option; an unknown one is refused naming
    /// every module there is.
    static func modules(_ typed: [String], option: String) throws -> [Module] {
        let names = typed.flatMap { $0.split(separator: ",") }.map { String($0).trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
        return try names.map { name in
            guard let module = Module(rawValue: name) else {
                throw CLIError.usage(option + ": " + tr("\"{name}\" is no module; the modules are {known}",
                                                        ["name": name, "known": Module.allCases.map(\.rawValue).joined(separator: ", ")]))
            }
            return module
        }
    }
}
