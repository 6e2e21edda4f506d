import Foundation
import GtkKit
import StewardCore
import Translation

/// The Announcements page: the organization's announcements as their type declares them (a
/// record list: title, send time, and Draft, Scheduled or Sent), plus what only announcements
/// have: a column of how many devices each reached, as the store reported it, and Preview and
/// Report, the selected one on a phone's lock screen with its report (devices reached,
/// delivered, failed). Its editor shows the same lock screen while the announcement is typed,
/// asks before anything goes to every member or breaks the quiet hours, and opens a sent one to
/// look at only: a correction is a new announcement (Duplicate starts one as a draft).
@MainActor
final class AnnouncementsPage: ModulePage {
    let widget: Widget
    private let header: ModuleHeader
    private let announcements: RecordListPage
    private let service: RecordService
    private let window: ApplicationWindow
    private let toasts: ToastOverlay
    private let previewAction: Action
    private let quietHoursAction: Action
    private var preview: AnnouncementPreview?
    private var quietHoursEditor: RecordEditor?
    private var canEdit = true

    var onLocalChange: (() -> Void)? {
        get { announcements.onLocalChange }
        set { announcements.onLocalChange = newValue }
    }

    init(service: RecordService, window: ApplicationWindow, toasts: ToastOverlay) {
        self.service = service
        self.window = window
        self.toasts = toasts
        let ui = Builder(resource: ResourceBundle.path("Announcements/announcements-page.ui"))
        widget = ui.object("announcements_page")
        header = ModuleHeader(ui: ui)
        announcements = RecordListPage(type: .announcement, service: service, window: window, toasts: toasts)
        announcements.widget.vexpand = true
        ui.object("list_holder", as: Box.self).append(announcements.widget)

        previewAction = Action(name: "preview")
        quietHoursAction = Action(name: "quiet-hours")
        let actions = ActionGroup()
        actions.add(previewAction)
        actions.add(quietHoursAction)
        widget.insertActionGroup(actions, prefix: "announcements")
        previewAction.isEnabled = false
        previewAction.onActivate { [weak self] _ in self?.showPreview() }
        quietHoursAction.onActivate { [weak self] _ in self?.editQuietHours() }

        announcements.addReadColumn(title: tr("Delivered"), widthChars: 18) { org, records in
            var texts: [UUID: String] = [:]
            for record in records {
                let sent = AnnouncementRules.isSent(record.fields, now: Date())
                let report = sent ? try await service.record(.announcementReport, id: record.id, in: org)?.fields : nil
                texts[record.id] = AnnouncementPreview.reach(sent: sent, report: report)
            }
            return texts
        }
        announcements.onSelectionChanged = { [weak self] in
            self?.previewAction.isEnabled = self?.announcements.selectedRecord != nil
        }
        announcements.frozenReason = { record in
            AnnouncementRules.isSent(record.fields, now: Date())
                ? tr("This announcement has been sent, so it can no longer be changed. To correct it, duplicate it and send the copy.")
                : nil
        }
        announcements.editorExtras = { [weak self] _ in self?.editorExtras() ?? RecordEditor.Extras() }
    }

    func show(_ org: Organization?) {
        header.show(org)
        announcements.show(org)
    }

    func setFolded(_ folded: Bool) { header.setFolded(folded) }

    func setCanEdit(_ allowed: Bool) {
        canEdit = allowed
        announcements.setCanEdit(allowed)
    }

    func refresh() { announcements.refresh() }

    func syncReady(history: HistoryService) { announcements.history = history }

    private func showPreview() {
        guard preview == nil, let org = announcements.organization, let announcement = announcements.selectedRecord else { return }
        Task {
            let report = try? await service.record(.announcementReport, id: announcement.id, in: org)
            let tagNames = AnnouncementPreview.TagNames(
                campuses: (try? await service.titles(of: CampusTags.campusEntity, in: org)) ?? [:],
                ministries: (try? await service.titles(of: CampusTags.ministryEntity, in: org)) ?? [:])
            guard preview == nil else { return }
            let shown = AnnouncementPreview(parent: window, announcement: announcement, report: report?.fields,
                                            organization: org, tagNames: tagNames)
            shown.onClosed = { [weak self] in self?.preview = nil }
            preview = shown
            shown.present()
        }
    }

    // MARK: the editor

    /// The lock screen above the form, following what is typed, and the question before it is
    /// sent to everyone or during quiet hours.
    private func editorExtras() -> RecordEditor.Extras {
        guard let org = announcements.organization else { return RecordEditor.Extras() }
        let preview = LockScreenPreview(organization: org)
        var extras = RecordEditor.Extras()
        extras.preview = preview.widget
        extras.onEdited = { fields in preview.show(fields) }
        extras.confirm = { [weak self] fields, over in
            guard let self else { return true }
            return await self.confirmSending(fields, in: org, over: over)
        }
        return extras
    }

    /// Asks before an announcement goes to every member, or out during quiet hours; true when
    /// nothing needs asking or the person said yes.
    private func confirmSending(_ typed: JSONValue, in org: Organization, over: Window) async -> Bool {
        // What cannot be saved is not asked about: the save that follows says what is wrong.
        guard let fields = try? RecordType.announcement.validate(typed, orgZone: org.timeZone),
              fields["sending"]?.stringValue == AnnouncementStatus.scheduled.rawValue,
              let sendAt = fields["sendAt"]?.stringValue.flatMap(DateTimeText.parseUTC) else { return true }
        let settings = try? await service.list(.pushSettings, in: org).first?.fields
        let question = SendingQuestion(fields: fields, sendAt: sendAt, now: Date(), org: org,
                                       quietHours: QuietHours(settings: settings))
        guard let heading = question.heading else { return true }
        let dialog = MessageDialog(parent: over, heading: heading, body: question.body)
        dialog.addResponse("cancel", tr("_Cancel"))
        dialog.addResponse("send", question.sendsNow ? tr("_Send") : tr("_Schedule"), appearance: .suggested)
        dialog.defaultResponse = "send"
        dialog.closeResponse = "cancel"
        return await withCheckedContinuation { answer in
            dialog.present { response in answer.resume(returning: response == "send") }
        }
    }

    // MARK: quiet hours

    /// The organization's one notification settings record, in the kit's editor.
    private func editQuietHours() {
        guard quietHoursEditor == nil, let org = announcements.organization else { return }
        Task {
            let existing = try? await service.list(.pushSettings, in: org).first
            guard quietHoursEditor == nil else { return }
            let type = RecordType.pushSettings
            let editor = RecordEditor(parent: window, type: type, organization: org, record: existing,
                                      context: FormContext(zone: org.timeZone, titles: [:]), canEdit: canEdit) { [weak self] fields in
                if let existing {
                    _ = try await self?.service.replace(type, id: existing.id, fields: fields, in: org)
                } else {
                    _ = try await self?.service.create(type, fields: fields, in: org)
                }
                self?.announcements.changed()
            }
            editor.onClosed = { [weak self] in self?.quietHoursEditor = nil }
            quietHoursEditor = editor
            editor.present()
        }
    }
}
