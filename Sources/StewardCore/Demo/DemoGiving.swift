/// Grace Community Church's giving funds, in the order the app lists them.
enum DemoGiving {
    private static let list: [(name: String, description: String, page: String)] = [
        ("General Fund", "Sunday worship, children's and youth ministry, staff, and the building's everyday costs.", "general"),
        ("Roof & Accessibility Campaign", "A new roof over the sanctuary and an elevator to the lower hall, so everyone can reach every room. Goal: $480,000 by next summer.", "building"),
        ("Global Missions", "Our partners: Lakeview Refugee Services in Chicago, a clinic in Kisumu, Kenya, and two missionary families in Lima, Peru.", "missions"),
        ("Food Pantry & Benevolence", "Groceries for the Tuesday and Saturday pantry, and help with rent, utilities and bus passes for neighbors in a hard month.", "pantry"),
    ]

    static var funds: [JSONValue] {
        list.enumerated().map { position, fund in
            .object([
                "name": .string(fund.name),
                "description": .string(fund.description),
                "url": .string("https://give.gracecommunity.example.org/\(fund.page)"),
                "position": .int(Int64(position)),
                "active": .bool(true),
            ])
        }
    }
}
