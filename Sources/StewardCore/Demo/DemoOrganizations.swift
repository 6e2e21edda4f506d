/// The five organizations of the demo: one of each kind Steward serves.
enum DemoOrganizations {
    static let all: [Organization] = [
        Organization(slug: "grace-church", name: "Grace Community Church",
                     timeZoneIdentifier: "America/Chicago", kind: .church),
        Organization(slug: "riverton-community", name: "Riverton Community Relations",
                     timeZoneIdentifier: "America/New_York", kind: .cityOffice),
        Organization(slug: "ironworks-gym", name: "Ironworks Gym",
                     timeZoneIdentifier: "America/Denver", kind: .gym),
        Organization(slug: "crossroads-campus", name: "Crossroads Campus Ministry",
                     timeZoneIdentifier: "America/Los_Angeles", kind: .campusMinistry),
        Organization(slug: "maple-street-library", name: "Maple Street Lending Library",
                     timeZoneIdentifier: "America/Toronto", kind: .library),
    ]
}
