import Translation

/// Everything the console knows of one module, in one place: its title, its sidebar icon, the
/// kinds of organization that start with it, whether its page works yet, and, for a module whose
/// page is only lists of records, the record types it lists. The sidebar, the pages, a new
/// organization's modules and the titles all read it (see docs/record-kit.md, "Adding a type").
public struct ModuleEntry: Sendable {
    public let module: Module
    let titleText: Translatable
    /// A symbolic icon of the theme, shown in the sidebar and on the module's empty lists.
    public let iconName: String
    /// The kinds of organization a new one of which starts with this module.
    public let startsIn: Set<OrganizationKind>
    /// False for a module whose page does not work yet: it is never shown.
    public let isAvailable: Bool
    /// For a module whose page is nothing but record lists: the types it lists, in the order
    /// they show (several: a view switcher, one view each). Empty for a page of its own.
    public let views: [RecordView]

    init(_ module: Module, _ title: Translatable, icon: String, startsIn: Set<OrganizationKind> = [],
         isAvailable: Bool = true, views: [RecordView] = []) {
        self.module = module
        titleText = title
        iconName = icon
        self.startsIn = startsIn
        self.isAvailable = isAvailable
        self.views = views
    }

    /// "Giving", in the person's language.
    public var title: String { titleText.text }
}

/// One record type a list module shows, as one view of its page.
public struct RecordView: Sendable {
    public let type: RecordType
    /// The view's icon in the view switcher (used when the page has several views).
    public let iconName: String

    init(_ type: RecordType, icon: String) {
        self.type = type
        iconName = icon
    }

    /// The view's name in the switcher: "Series", "Ministry Teams"; a type kept once per
    /// organization goes by its singular ("Podcast").
    public var title: String {
        type.isSingleton ? type.nouns.title.text : type.nouns.pluralTitle.text
    }
}

/// The table of every module, in sidebar order.
public enum ModuleRegistry {
    public static let all: [ModuleEntry] = [
        ModuleEntry(.events, trLater("Events"), icon: "x-office-calendar-symbolic", startsIn: Set(OrganizationKind.allCases)),
        ModuleEntry(.announcements, trLater("Announcements"), icon: "mail-send-symbolic", startsIn: Set(OrganizationKind.allCases)),
        ModuleEntry(.bulletins, trLater("Bulletins"), icon: "x-office-document-symbolic", startsIn: [.church]),
        ModuleEntry(.messages, trLater("Messages"), icon: "audio-x-generic-symbolic", startsIn: [.church],
                    views: [RecordView(.message, icon: "audio-x-generic-symbolic"),
                            RecordView(.series, icon: "view-list-symbolic"),
                            RecordView(.podcast, icon: "audio-input-microphone-symbolic")]),
        ModuleEntry(.giving, trLater("Giving"), icon: "emblem-favorite-symbolic", startsIn: [.church],
                    views: [RecordView(.fund, icon: "emblem-favorite-symbolic")]),
        ModuleEntry(.approvals, trLater("Approvals"), icon: "emblem-ok-symbolic", startsIn: [.cityOffice]),
        ModuleEntry(.surveys, trLater("Survey Questions"), icon: "dialog-question-symbolic", startsIn: [.cityOffice]),
        ModuleEntry(.stamps, trLater("Passport Stamps"), icon: "starred-symbolic", startsIn: [.cityOffice]),
        ModuleEntry(.prizes, trLater("Prizes"), icon: "starred-symbolic", startsIn: [.cityOffice]),
        ModuleEntry(.classSchedule, trLater("Class Schedule"), icon: "alarm-symbolic", startsIn: [.gym]),
        ModuleEntry(.rides, trLater("Rides"), icon: "mark-location-symbolic", startsIn: [.campusMinistry]),
        ModuleEntry(.books, trLater("Books"), icon: "accessories-dictionary-symbolic", startsIn: [.library]),
        ModuleEntry(.loans, trLater("Loans"), icon: "accessories-dictionary-symbolic", startsIn: [.library]),
        ModuleEntry(.community, trLater("Community"), icon: "mark-location-symbolic", startsIn: [.cityOffice]),
        ModuleEntry(.ministry, trLater("Ministry"), icon: "system-users-symbolic", startsIn: [.campusMinistry],
                    views: [RecordView(.ministryTeam, icon: "system-users-symbolic"),
                            RecordView(.communityGroup, icon: "user-available-symbolic"),
                            RecordView(.mission, icon: "airplane-mode-symbolic"),
                            RecordView(.ministryResource, icon: "x-office-document-symbolic")]),
        ModuleEntry(.leads, trLater("Leads"), icon: "contact-new-symbolic", startsIn: [.campusMinistry]),
        // A page of its own rather than two more views of Ministry: six views would not fit
        // beside the sidebar.
        // A flag, not the map pin Rides and Community show: the sidebar tells them apart.
        ModuleEntry(.campuses, trLater("Campuses"), icon: "emoji-flags-symbolic", startsIn: [.campusMinistry],
                    views: [RecordView(.campus, icon: "emoji-flags-symbolic"),
                            RecordView(.ministry, icon: "view-list-symbolic")]),
    ]

    private static let byModule = Dictionary(uniqueKeysWithValues: all.map { ($0.module, $0) })

    /// The module's entry. Every module has one (ModuleRegistryTests checks it).
    public static func entry(_ module: Module) -> ModuleEntry {
        guard let entry = byModule[module] else {
            preconditionFailure("ModuleRegistry has no entry for the module \(module.rawValue): add one to ModuleRegistry.all")
        }
        return entry
    }

    /// The modules a new organization of `kind` starts with, in sidebar order.
    public static func defaultModules(for kind: OrganizationKind) -> [Module] {
        all.filter { $0.startsIn.contains(kind) }.map(\.module)
    }
}
