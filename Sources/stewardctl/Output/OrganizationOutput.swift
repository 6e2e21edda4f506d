import StewardCore

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
        var table = Table("SLUG", "NAME", "TIME ZONE", "KIND", "MODULES")
        for org in orgs {
            table.append(org.slug, org.name, org.timeZoneIdentifier, org.kind.rawValue,
                         org.modules.map(\.rawValue).joined(separator: ", "))
        }
        return table.lines
    }

    static func record(_ org: Organization) -> [String] {
        var record = Record()
        record.add("slug", org.slug)
        record.add("name", org.name)
        record.add("time zone", org.timeZoneIdentifier)
        record.add("kind", "\(org.kind.rawValue) (\(org.kind.title))")
        record.add("modules", org.modules.map(\.rawValue).joined(separator: ", "))
        return record.lines
    }
}
