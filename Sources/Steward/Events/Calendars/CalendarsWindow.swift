import Foundation
import GtkKit
import StewardCore
import Translation

/// The organization's own calendars in a window of their own, opened from the Events page's
/// menu: the record kit's list of the type (`RecordType.eventCalendar`), so staff add, rename,
/// recolour and remove them as any record, and a calendar its events still name is kept. The
/// Events page stays as it is; it reads the calendars again when one changes here.
@MainActor
final class CalendarsWindow {
    private let window: Window
    private let list: RecordListPage
    /// After every change made here: the page repaints its calendar views and sync follows.
    var onChanged: (() -> Void)?
    var onClosed: (() -> Void)?

    init(parent: ApplicationWindow, organization: Organization, records: RecordService, canEdit: Bool,
         history: HistoryService?) {
        let ui = Builder(resource: ResourceBundle.path("Events/calendars-window.ui"))
        window = ui.object("calendars_window")
        window.setTransientFor(parent)
        window.title = tr("Calendars — {organization}", ["organization": organization.name])
        ui.object("calendars_title", as: WindowTitle.self).subtitle = organization.name
        list = RecordListPage(type: .eventCalendar, service: records, window: parent, toasts: ui.object("calendars_toasts"))
        list.widget.vexpand = true
        list.history = history
        ui.object("list_holder", as: Box.self).append(list.widget)
        list.setCanEdit(canEdit)
        list.onLocalChange = { [weak self] in self?.onChanged?() }
        list.show(organization)
        window.closesOnEscape { [weak self] in self?.onClosed?() }
    }

    func present() { window.present() }
}
