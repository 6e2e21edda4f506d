import Foundation
import GtkKit
import StewardCore
import Translation

/// "Resolve Conflict": a record changed both here and on the store, shown side by side, with a
/// choice per differing field (or of a whole side when one side deleted it). Apply hands the
/// choices to the core; a mix that does not hold together (an end before the start) is
/// explained in the window, which keeps every choice so only the named field needs another look.
@MainActor
final class ResolveConflictWindow {
    private let ui: Builder
    private let window: Window
    private let fields: ConflictFieldGrid
    private let message: Label
    private let applyButton: Button
    private let detail: ConflictDetail
    private let engine: SyncEngine
    private var actions: [String: Action] = [:]
    private var isApplying = false
    private var isClosed = false

    /// After the conflict was settled (the window then closes itself).
    var onResolved: (() -> Void)?
    var onClosed: (() -> Void)?

    init(parent: Window, detail: ConflictDetail, engine: SyncEngine) {
        ui = Builder(resource: ResourceBundle.path("Sync/resolve-conflict.ui"))
        window = ui.object("resolve_window")
        message = ui.object("resolve_message")
        message.keepAccessibleName(tr("Resolve message"))
        applyButton = ui.object("apply_button")
        fields = ConflictFieldGrid(grid: ui.object("fields_grid"))
        self.detail = detail
        self.engine = engine

        let title = SyncIssuesList.displayTitle(detail.title, entity: detail.entity)
        let heading: WindowTitle = ui.object("resolve_title")
        heading.subtitle = title
        ui.object("resolve_intro", as: Label.self).text = Self.introduction(detail, title: title)
        window.setTransientFor(parent)
        fields.show(detail)
        fields.onChange = { [weak self] in self?.choicesChanged() }
        ui.object("difference_count", as: Label.self).text = Self.differenceCount(detail)

        let group = ActionGroup()
        actions["apply"] = group.addAction("apply") { [weak self] in self?.apply() }
        actions["cancel"] = group.addAction("cancel") { [weak self] in self?.window.close() }
        actions["keep-all-mine"] = group.addAction("keep-all-mine") { [weak self] in self?.fields.chooseAll(.mine) }
        actions["keep-all-theirs"] = group.addAction("keep-all-theirs") { [weak self] in self?.fields.chooseAll(.theirs) }
        window.insertActionGroup(group, prefix: "resolve")
        let keys = ShortcutController(scope: .managed)
        keys.add(trigger: "Escape", action: "resolve.cancel")
        window.addController(keys)
        window.onCloseRequest { [weak self] in
            self?.finish()
            return false
        }
        if !detail.theirsKnown {
            show(problem: tr("The store’s version of this event is not known yet. Sync, then open this conflict again."))
        }
        updateActions()
    }

    func present() {
        window.present()
        applyButton.grabFocus()
    }

    // MARK: choosing

    private func choicesChanged() {
        guard message.isVisible, detail.theirsKnown else { return }
        // A new choice deserves a new try; the old explanation would only mislead.
        show(problem: nil)
    }

    private func updateActions() {
        let canChoose = detail.theirsKnown && !isApplying
        actions["apply"]?.isEnabled = canChoose
        actions["keep-all-mine"]?.isEnabled = canChoose && fields.choiceCount > 0
        actions["keep-all-theirs"]?.isEnabled = canChoose && fields.choiceCount > 0
    }

    private func apply() {
        guard !isApplying else { return }
        isApplying = true
        updateActions()
        let choices = fields.choices
        let detail = self.detail
        let engine = self.engine
        Task {
            defer {
                isApplying = false
                updateActions()
            }
            do {
                if let whole = choices[ConflictFieldGrid.wholeEventKey] {
                    try await engine.resolve(conflictId: detail.id, keep: whole == .mine ? .local : .remote)
                } else {
                    try await engine.resolve(conflictId: detail.id, fields: choices)
                }
            } catch let invalid as ValidationError {
                fields.markProblems(Set(invalid.issues.map(\.field)))
                show(problem: invalid.issues.map(describe).joined(separator: "\n"))
                return
            } catch {
                show(problem: SyncStatusIndicator.sentence("\(error)"))
                return
            }
            onResolved?()
            window.close()
        }
    }

    /// "With these choices, Ends must be after the start. Choose again for Ends."
    private func describe(_ issue: ValidationIssue) -> String {
        guard let label = fields.label(for: issue.field) else {
            return SyncStatusIndicator.sentence(issue.message)
        }
        return tr("With these choices, {field} {problem}. Choose again for {field}.", ["field": label, "problem": issue.message])
    }

    private func show(problem: String?) {
        message.text = problem ?? ""
        message.isVisible = problem != nil
        applyButton.setAccessibleDescription(problem ?? "")
        if problem == nil { fields.markProblems([]) }
    }

    private func finish() {
        guard !isClosed else { return }
        isClosed = true
        onClosed?()
    }

    // MARK: text

    static func introduction(_ detail: ConflictDetail, title: String) -> String {
        var who = tr("on the store")
        if let author = detail.theirsAuthor, !author.isEmpty {
            who = tr("on the store by {author}", ["author": HistoryText.author(author)])
        }
        if let at = detail.theirsAt { who += " (\(HistoryText.when(at)))" }
        if !detail.canMergeFields && detail.theirsKnown {
            // TRANSLATORS: {where} is "on the store" or "on the store by ann@example.org", with the time.
            return tr("“{title}” was changed here and {where}, and one side deleted it. Keep either version as a whole.",
                      ["title": title, "where": who])
        }
        return tr("“{title}” was changed here and {where}. For each field that differs, choose the version to keep; the other fields are the same on both sides.",
                  ["title": title, "where": who])
    }

    static func differenceCount(_ detail: ConflictDetail) -> String {
        let differing = detail.fields.filter(\.differs).count
        return trn("{differing} of {count} fields differ", "{differing} of {count} fields differ", detail.fields.count,
                   ["differing": String(differing)])
    }
}
