import Foundation
import GRDB
import Translation

public enum OrganizationError: Error, Equatable, CustomStringConvertible {
    case unknownSlug(String)
    case invalid(ValidationError)

    public var description: String {
        switch self {
        case .unknownSlug(let slug):
            tr("no organization with slug \"{slug}\" (see `{command}`)", ["slug": slug, "command": "stewardctl orgs list"])
        case .invalid(let error): error.description
        }
    }
}

/// The organizations this console runs. They live only in this console: each is paired with
/// the remote store's organization of the same slug.
public final class OrganizationService: Sendable {
    public let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    public func all() async throws -> [Organization] {
        try await database.writer.read { db in try Self.all(db) }
    }

    public func find(slug: String) async throws -> Organization {
        try await database.writer.read { db in try Self.find(slug: slug, db) }
    }

    /// The organization a record of `type` belongs to (deleted ones too); nil when there is no
    /// such record. Lets a command that names a record by its id leave its organization out.
    public func owner(of id: UUID, type: RecordType) async throws -> Organization? {
        try await database.writer.read { db in
            guard let record = try type.storage.fetch(entity: type.entity, id: UUIDColumn.encode(id), db) else { return nil }
            return try Organization.fetchOne(db, sql: "SELECT * FROM organization WHERE id = ?", arguments: [UUIDColumn.encode(record.orgId)])
        }
    }

    /// Adds an organization after checking its slug, name and zone. `modules` nil gives the
    /// ones its kind starts with (what `stewardctl orgs add` does); the window lets people
    /// choose them.
    @discardableResult
    public func add(slug: String, name: String, timeZone: String, kind: OrganizationKind,
                    modules: [Module]? = nil) async throws -> Organization {
        let org = try Self.validated(slug: slug, name: name, timeZone: timeZone, kind: kind, modules: modules)
        try await database.writer.write { db in
            if try Organization.filter(Column("slug") == org.slug).fetchCount(db) > 0 {
                throw OrganizationError.invalid(ValidationError(field: "slug", message: tr("\"{slug}\" is already used by another organization", ["slug": org.slug])))
            }
            try org.insert(db)
        }
        return org
    }

    /// Chooses the modules the organization uses (its settings; `stewardctl orgs modules`):
    /// the sidebar shows their pages, in sidebar order, and the choice travels to the store as
    /// the organization's module choice record, so the apps and the store's reads follow.
    /// Records of a module switched off are kept, to come back with it.
    @discardableResult
    public func setModules(_ modules: [Module], of org: Organization) async throws -> Organization {
        let chosen = Module.allCases.filter(modules.contains)
        guard !chosen.isEmpty else {
            throw OrganizationError.invalid(ValidationError(field: "modules", message: tr("choose at least one module")))
        }
        let fields = try RecordType.moduleChoice.validate(ModuleChoice.fields(chosen), orgZone: org.timeZone)
        return try await database.writer.write { db in
            var current = try Self.find(slug: org.slug, db)
            guard current.modules != chosen else { return current }
            current.modules = chosen
            try current.update(db)
            try RecordService.put(.moduleChoice, fields: fields, in: current, db)
            return current
        }
    }

    static func all(_ db: Database) throws -> [Organization] {
        try Organization.fetchAll(db, sql: "SELECT * FROM organization ORDER BY name COLLATE NOCASE")
    }

    static func find(slug: String, _ db: Database) throws -> Organization {
        guard let org = try Organization.fetchOne(db, sql: "SELECT * FROM organization WHERE slug = ?", arguments: [slug]) else {
            throw OrganizationError.unknownSlug(slug)
        }
        return org
    }

    /// A slug made from an organization's name, for a form to offer: "Grace Church" gives
    /// grace-church. Letters lose their accents; anything else becomes one dash.
    public static func suggestedSlug(for name: String) -> String {
        let folded = name.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil).lowercased()
        var slug = ""
        for scalar in folded.unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                slug.unicodeScalars.append(scalar)
            } else if !slug.isEmpty, !slug.hasSuffix("-") {
                slug += "-"
            }
        }
        slug = String(slug.prefix(40))
        while slug.hasSuffix("-") { slug.removeLast() }
        return slug
    }

    static func validated(slug: String, name: String, timeZone: String, kind: OrganizationKind,
                          modules: [Module]? = nil) throws -> Organization {
        var issues = IssueCollector()
        let cleanSlug = FieldParsers.trimmed(slug)
        let slugShape = cleanSlug.range(of: "^[a-z0-9][a-z0-9-]{1,39}$", options: .regularExpression) != nil
        if !slugShape {
            issues.add("slug", tr("must be 2 to 40 lower-case letters, digits or dashes, like grace-church (got \"{value}\")",
                                  ["value": cleanSlug]))
        }
        let cleanName = issues.check("name") { () throws(FieldError) in try FieldParsers.required(name, maxLength: 120) }
        let zone = issues.check("time-zone") { () throws(FieldError) in try FieldParsers.timeZone(timeZone) } ?? nil
        if FieldParsers.trimmed(timeZone).isEmpty { issues.add("time-zone", tr("is required, like America/Chicago")) }
        if let modules, modules.isEmpty { issues.add("modules", tr("choose at least one module")) }
        do { try issues.throwIfAny() } catch { throw OrganizationError.invalid(error) }
        // The sidebar's order, whatever order they were chosen in.
        let ordered = modules.map { chosen in Module.allCases.filter(chosen.contains) }
        return Organization(slug: cleanSlug, name: cleanName!, timeZoneIdentifier: zone!, kind: kind, modules: ordered)
    }
}
