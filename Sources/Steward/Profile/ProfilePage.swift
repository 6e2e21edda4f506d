import Foundation
import GtkKit
import StewardCore
import Translation

/// The organization's Profile page: its home in the apps as members will see it
/// (`AppHomePreview`), and Edit Profile, the record kit's editor on its one profile (made on
/// the first save) with the same preview above the form, following what is typed. Every
/// organization has the page, whatever its modules.
@MainActor
final class ProfilePage: ModulePage {
    let widget: Widget
    private let service: RecordService
    private let window: ApplicationWindow
    private let toasts: ToastOverlay
    private let backButton: Button
    private let header: Widget
    private let title: WindowTitle
    private let note: Label
    private let previewHolder: Box
    private let editButton: Button
    private let actions = ActionGroup()
    private var editAction: Action?
    private var preview: AppHomePreview?
    private var organization: Organization?
    private var profile: LocalRecord?
    private var canEdit = true
    private var history: HistoryService?
    private var editor: RecordEditor?
    /// Where the library's files are kept, for the preview's logo.
    private lazy var mediaFolder = MediaFolder.beside(databaseAt: service.database.writer.path)
    /// Counts loads, so a slow one for an organization left since does not show.
    private var loads = 0

    var onLocalChange: (() -> Void)?

    init(service: RecordService, window: ApplicationWindow, toasts _: ToastOverlay) {
        self.service = service
        self.window = window
        let ui = Builder(resource: ResourceBundle.path("Profile/profile-page.ui"))
        widget = ui.object("profile_page")
        toasts = ui.object("page_toasts")
        backButton = ui.object("back_button")
        header = ui.object("page_header")
        title = ui.object("page_title")
        note = ui.object("page_note")
        previewHolder = ui.object("preview_holder")
        editButton = ui.object("edit_button")
        title.title = RecordType.profile.nouns.title.text
        editAction = actions.addAction("edit", enabled: false) { [weak self] in self?.openEditor() }
        widget.insertActionGroup(actions, prefix: "profile")
    }

    func show(_ org: Organization?) {
        organization = org
        profile = nil
        title.subtitle = org?.name ?? ""
        if let old = preview?.widget { previewHolder.remove(old) }
        preview = nil
        if let org {
            let made = AppHomePreview(organization: org, mediaFolder: mediaFolder)
            previewHolder.append(made.widget)
            preview = made
        }
        updateControls()
        refresh()
    }

    func refresh() {
        guard let org = organization else { return }
        loads += 1
        let load = loads
        Task {
            let stored = try? await service.singleton(.profile, in: org)
            guard load == loads, org.id == organization?.id else { return }
            profile = stored
            preview?.show(stored?.fields, organization: org)
            updateControls()
        }
    }

    func setFolded(_ folded: Bool) {
        backButton.isVisible = folded
        header.setProperty("show-start-title-buttons", folded)
    }

    func setCanEdit(_ allowed: Bool) {
        canEdit = allowed
        updateControls()
    }

    func syncReady(history: HistoryService) { self.history = history }

    private func updateControls() {
        let hasProfile = profile != nil
        editAction?.isEnabled = organization != nil && (canEdit || hasProfile)
        editButton.label = canEdit ? (hasProfile ? tr("_Edit Profile") : tr("_Create Profile")) : tr("_View Profile")
        if !hasProfile {
            note.text = canEdit
                ? tr("This organization has no profile yet: the apps show its name alone. Create Profile writes its home: logo, banners, welcome, times and how to reach it.")
                : tr("This organization has no profile yet: the apps show its name alone.")
        } else {
            note.text = tr("The app's home as members see it now. Edit Profile to change it; the preview follows what you type.")
        }
    }

    /// Whether an editor is being made (its media choices are read first).
    private var openingEditor = false

    private func openEditor() {
        guard let org = organization, editor == nil, !openingEditor else { return }
        openingEditor = true
        Task {
            // The logo is a media field: the editor offers the library's images and takes a
            // file dropped, pasted or chosen, as every editor with media fields does.
            let context = await FormContext(zone: org.timeZone, titles: [:])
                .withMedia(for: .profile, in: org, database: service.database)
            openingEditor = false
            guard organization?.id == org.id, editor == nil else { return }
            presentEditor(org, context: context)
        }
    }

    private func presentEditor(_ org: Organization, context: FormContext) {
        let editorPreview = AppHomePreview(organization: org, mediaFolder: mediaFolder)
        var extras = RecordEditor.Extras()
        extras.preview = editorPreview.widget
        extras.onEdited = { fields in editorPreview.show(fields, organization: org) }
        extras.history = history
        let service = self.service
        let shown = RecordEditor(parent: window, type: .profile, organization: org, record: profile,
                                 context: context, canEdit: canEdit,
                                 extras: extras) { [weak self] fields in
            guard case .object(let typed) = fields else { return }
            _ = try await service.set(.profile, changes: typed, in: org)
            self?.onLocalChange?()
            self?.refresh()
            self?.toasts.showToast(tr("Profile saved"))
        }
        shown.onClosed = { [weak self] in self?.editor = nil }
        editor = shown
        shown.present()
    }
}
