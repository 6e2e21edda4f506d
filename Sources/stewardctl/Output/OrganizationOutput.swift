import StewardCore
import Translation

/// How organizations print: a table, a summary, or JSON objects.
enum OrganizationOutput {
    static func json(_ org: Organization) -> JSONValue {
        .object([
            "id": .string(org.id.uuidString.lowercased()),
            "slug": .string(org.slug),
            "name": .string(org.name),
            "timeZone": .string(org.timeZoneIdentifier),
            "kind": .string(org.kind.rawValue),
            "modules": .array(org.modules.map { .string($0.rawValue) }),
        ])
    }

    static func table(_ orgs: [Organization]) -> [String] {
        var table = Table(trc("table heading", "SLUG"), trc("table heading", "NAME"), trc("table heading", "TIME ZONE"),
                          trc("table heading", "KIND"), trc("table heading", "MODULES"))
        for org in orgs {
            table.append(org.slug, org.name, org.timeZoneIdentifier, org.kind.rawValue,
                         org.modules.map(\.rawValue).joined(separator: ", "))
        }
        return table.lines
    }

    static func record(_ org: Organization) -> [String] {
        var record = Record()
        record.add(trc("output label", "slug"), org.slug)
        record.add(trc("output label", "name"), org.name)
        record.add(trc("output label", "time zone"), org.timeZoneIdentifier)
        record.add(trc("output label", "kind"), "\(org.kind.rawValue) (\(org.kind.title))")
        record.add(trc("output label", "modules"), org.modules.map(\.rawValue).joined(separator: ", "))
        return record.lines
    }
}
