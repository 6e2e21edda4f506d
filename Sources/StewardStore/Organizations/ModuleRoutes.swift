import StewardCore

/// Which module each of the apps' endpoints belongs to, so that an organization's choice of
/// modules decides what the store serves. Endpoints of no module (sign-in, devices, the
/// change feed, pushes, history) are always served.
enum ModuleRoutes {
    /// Paths under /v1/orgs/{org}/ that are a module's, matched whole or as a prefix at a `/`.
    private static let fixed: [(path: String, module: Module)] = [
        ("events/upcoming", .events), ("calendar.ics", .events),
        ("podcast.xml", .messages),
        ("leaderboard", .stamps), ("me/passport", .stamps), ("me/check-ins", .stamps),
        ("me/questions", .surveys), ("me/answers", .surveys),
        ("me/ride-offers", .rides), ("me/ride-requests", .rides), ("me/rides", .rides), ("me/ride-defaults", .rides),
        ("me/leads", .leads), ("me/led-groups/leads", .leads),
        ("submissions/events", .approvals), ("me/submissions", .approvals),
    ]

    /// The record types read whole or by range at /v1/orgs/{org}/<commandName>.
    private static let readTypes: [String: Module] = Dictionary(
        (MemberRecords.served + [.event, .gymClass]).map { ($0.commandName, $0.module) },
        uniquingKeysWith: { first, _ in first })

    /// The module of the endpoint at `path` (what follows /v1/orgs/{org}/), nil for one that
    /// belongs to none.
    static func module(of path: String) -> Module? {
        if let module = readTypes[path] { return module }
        return fixed.first { path == $0.path || path.hasPrefix($0.path + "/") }?.module
    }

    /// What follows /v1/orgs/{org}/ in a request's path.
    static func orgPath(_ requestPath: String) -> String {
        let parts = requestPath.split(separator: "/", omittingEmptySubsequences: true)
        guard parts.count > 3, parts[0] == "v1", parts[1] == "orgs" else { return "" }
        return parts[3...].joined(separator: "/")
    }
}
