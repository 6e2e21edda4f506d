import Foundation
import GRDB
import Translation

extension RecordType {
    /// The modules an organization chose in its settings, as the store and the apps learn them:
    /// one record per organization, written only with the organization's own modules
    /// (`OrganizationService.setModules`) and taken back into them when pulled
    /// (`ModuleChoice.adopt`). The store serves only these modules' reads, and
    /// `GET /v1/orgs/{org}/modules` tells the apps which tabs to show. Until an organization has
    /// one, the store serves every module.
    ///
    /// It names `.events` as its module only because every type belongs to one; no page lists
    /// it, and the store never holds it back.
    public static let moduleChoice = RecordType(
        entity: "moduleChoice", commandName: "modules", module: .events,
        nouns: RecordNouns(trLater("module choice"), trLater("module choices"), title: trLater("Modules"),
                           pluralTitle: trLater("Modules"),
                           counted: { trn("{count} module choice", "{count} module choices", $0, ["count": $1]) }),
        fields: [
            FieldSpec("modules", trLater("Modules"), .words(maxItems: 64, maxLength: 40), [.required, .listed],
                      help: trLater("The modules the organization uses, like events,announcements,books.")),
        ],
        titleField: "modules")
        .singleton()
        // The organization's own modules are what it mirrors: no generic command or editor
        // writes it, only `setModules` (and `stewardctl orgs modules`, which calls it).
        .mirrored()
        .rule { values, issues in ModuleChoice.check(values, &issues) }
        // Kept in sidebar order whatever order they came in, so every side stores the same list.
        .completing { values in
            if let modules = ModuleChoice.modules(in: .object(values)) {
                values["modules"] = ModuleChoice.field(modules)
            }
        }
}

/// Reading and writing the module choice record's one field.
public enum ModuleChoice {
    /// The modules the record names, in sidebar order; nil when it names none or one this
    /// version does not know of.
    public static func modules(in fields: JSONValue?) -> [Module]? {
        guard case .array(let items)? = fields?["modules"] else { return nil }
        let names = items.compactMap(\.stringValue)
        let known = names.compactMap(Module.init(rawValue:))
        guard !known.isEmpty, known.count == names.count else { return nil }
        return Module.allCases.filter(known.contains)
    }

    public static func field(_ modules: [Module]) -> JSONValue {
        .array(Module.allCases.filter(modules.contains).map { .string($0.rawValue) })
    }

    public static func fields(_ modules: [Module]) -> JSONValue {
        .object(["modules": field(modules)])
    }

    static func check(_ values: [String: JSONValue], _ issues: inout IssueCollector) {
        guard case .array(let items)? = values["modules"] else { return }
        let unknown = items.compactMap(\.stringValue).filter { Module(rawValue: $0) == nil }
        if !unknown.isEmpty {
            issues.add("modules", tr("{names}: no such module; the modules are {known}",
                                     ["names": unknown.joined(separator: ", "),
                                      "known": Module.allCases.map(\.rawValue).joined(separator: ", ")]))
        }
    }

    /// A choice pulled from the store (another console changed it) becomes the organization's
    /// own, so its sidebar and command line follow.
    static func adopt(_ fields: JSONValue, org: Organization, _ db: Database) throws {
        guard let modules = modules(in: fields) else { return }
        try db.execute(sql: "UPDATE organization SET modules = ? WHERE id = ?",
                       arguments: [modules.map(\.rawValue).joined(separator: ","), UUIDColumn.encode(org.id)])
    }
}
