import Foundation
import Testing
@testable import StewardCore

/// The one table of modules (ModuleRegistry): every module is in it, and what it says is what
/// the console showed before the table existed.
@Suite("Module registry")
struct ModuleRegistryTests {
    @Test("every module has one entry, with a title and an icon")
    func everyModuleListed() {
        #expect(ModuleRegistry.all.map(\.module) == Module.allCases)
        for module in Module.allCases {
            #expect(!module.title.isEmpty, "\(module.rawValue) has no title")
            #expect(module.iconName.hasSuffix("-symbolic"), "\(module.rawValue) has no symbolic icon")
            #expect(module.entry.module == module)
        }
    }

    @Test("each kind of organization starts with its own modules, and every one with Events and Announcements")
    func defaultModules() {
        let expected: [OrganizationKind: [Module]] = [
            .church: [.events, .announcements, .bulletins, .messages, .giving],
            .cityOffice: [.events, .announcements, .approvals, .surveys, .stamps, .prizes, .community],
            .gym: [.events, .announcements, .classSchedule],
            .campusMinistry: [.events, .announcements, .rides, .ministry, .leads, .campuses],
            .library: [.events, .announcements, .books, .loans],
        ]
        for kind in OrganizationKind.allCases {
            #expect(kind.defaultModules == expected[kind], "\(kind.rawValue)")
            #expect(Organization(slug: "x", name: "X", timeZoneIdentifier: "UTC", kind: kind).modules == expected[kind])
        }
    }

    @Test("titles and sidebar icons are the ones staff know")
    func titlesAndIcons() {
        // The English msgids: the titles are translated, whatever language the tests run in.
        #expect(Module.giving.entry.titleText.english == "Giving")
        #expect(Module.surveys.entry.titleText.english == "Survey Questions")
        #expect(Module.classSchedule.entry.titleText.english == "Class Schedule")
        #expect(Module.events.iconName == "x-office-calendar-symbolic")
        #expect(Module.giving.iconName == "emblem-favorite-symbolic")
        #expect(Module.leads.iconName == "contact-new-symbolic")
        #expect(Module.announcements.iconName == "mail-send-symbolic")
        // Every module's page works: none is hidden as unfinished.
        #expect(Module.allCases.filter { !$0.isAvailable }.isEmpty)
    }

    @Test("a list module's views are its record types, each belonging to it")
    func listModuleViews() {
        #expect(Module.giving.entry.views.map(\.type.entity) == ["fund"])
        #expect(Module.messages.entry.views.map(\.type.entity) == ["message", "series", "podcast"])
        #expect(Module.messages.entry.views.map(\.title) == ["message", "series", "podcast"].map { RecordTypes.named($0)! }
            .map { $0.isSingleton ? $0.nouns.title.text : $0.nouns.pluralTitle.text })
        #expect(RecordType.podcast.nouns.title.english == "Podcast")
        #expect(Module.ministry.entry.views.map(\.type.entity) == ["ministryTeam", "communityGroup", "mission", "ministryResource"])
        #expect(Module.campuses.entry.views.map(\.type.entity) == ["campus", "ministry"])
        for entry in ModuleRegistry.all {
            for view in entry.views {
                #expect(view.type.module == entry.module, "\(view.type.entity) is listed by \(entry.module.rawValue)")
                #expect(!view.iconName.isEmpty)
            }
        }
        // Pages of their own list nothing here.
        #expect(Module.events.entry.views.isEmpty)
        #expect(Module.bulletins.entry.views.isEmpty)
    }
}
