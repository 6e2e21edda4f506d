import Foundation
import GRDB
import Translation

/// What kind of community an organization is; it decides the modules a new one starts with.
public enum OrganizationKind: String, CaseIterable, Codable, Sendable {
    case church
    case cityOffice = "city-office"
    case gym
    case campusMinistry = "campus-ministry"
    case library

    /// The modules a new organization of this kind starts with (ModuleRegistry's table).
    public var defaultModules: [Module] { ModuleRegistry.defaultModules(for: self) }

    public var title: String {
        switch self {
        case .church: tr("Church")
        case .cityOffice: tr("City office")
        case .gym: tr("Gym")
        case .campusMinistry: tr("Campus ministry")
        case .library: tr("Lending library")
        }
    }
}

/// One organization run from this console. A console holds several; each has its own zone
/// (event times are shown and typed in it) and its own modules.
public struct Organization: Hashable, Sendable, Identifiable {
    public var id: UUID
    /// Short stable name used on the command line and to pair with the remote store.
    public var slug: String
    public var name: String
    public var timeZoneIdentifier: String
    public var kind: OrganizationKind
    public var modules: [Module]

    public init(id: UUID = UUID(), slug: String, name: String, timeZoneIdentifier: String,
                kind: OrganizationKind, modules: [Module]? = nil) {
        self.id = id
        self.slug = slug
        self.name = name
        self.timeZoneIdentifier = timeZoneIdentifier
        self.kind = kind
        self.modules = modules ?? kind.defaultModules
    }

    public var timeZone: TimeZone {
        TimeZone(identifier: timeZoneIdentifier) ?? .gmt
    }

    /// The pages the console shows for this organization, in sidebar order.
    public var availableModules: [Module] {
        modules.filter(\.isAvailable)
    }
}

extension Organization: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "organization"

    public init(row: Row) throws {
        id = try UUIDColumn.decode(row["id"])
        slug = row["slug"]
        name = row["name"]
        timeZoneIdentifier = row["timeZone"]
        kind = OrganizationKind(rawValue: row["kind"]) ?? .church
        let moduleList: String = row["modules"]
        modules = moduleList.split(separator: ",").compactMap { Module(rawValue: String($0)) }
    }

    public func encode(to container: inout PersistenceContainer) throws {
        container["id"] = UUIDColumn.encode(id)
        container["slug"] = slug
        container["name"] = name
        container["timeZone"] = timeZoneIdentifier
        container["kind"] = kind.rawValue
        container["modules"] = modules.map(\.rawValue).joined(separator: ",")
    }
}
