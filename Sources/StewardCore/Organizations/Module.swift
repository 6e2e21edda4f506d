/// A feature an organization can switch on. The console shows a page only for modules that
/// are both enabled and built (`isAvailable`): a page that does not work yet is not shown.
public enum Module: String, CaseIterable, Codable, Sendable {
    case events
    case announcements
    case bulletins
    case messages
    case giving
    case approvals
    case surveys
    case stamps
    case prizes
    case classSchedule = "class-schedule"
    case rides
    case books
    case loans
    case community
    case ministry
    case leads
    /// The organization's campuses and ministries, which events and resources are tagged with.
    case campuses

    /// What the console knows of the module: title, icon, kinds that start with it (ModuleRegistry).
    public var entry: ModuleEntry { ModuleRegistry.entry(self) }

    public var title: String { entry.title }

    /// The module's symbolic icon, in the sidebar and on its empty lists.
    public var iconName: String { entry.iconName }

    /// Only modules whose pages really work.
    public var isAvailable: Bool { entry.isAvailable }
}
