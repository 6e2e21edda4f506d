import GtkKit
import StewardCore
import Translation

/// The Survey Questions page: the questions the app asks at first sign-in, listed and edited as
/// the question type declares them (an edit of an answered question makes its next version,
/// in the core), and Results for the selected one (`SurveyResultsWindow`).
@MainActor
final class SurveyPage: ModulePage {
    let widget: Widget
    private let header: ModuleHeader
    private let questions: RecordListPage
    private let service: RecordService
    private let window: ApplicationWindow
    private let toasts: ToastOverlay
    private let actions = ActionGroup()
    private var resultsAction: Action?
    private var organization: Organization?
    private var resultsWindow: SurveyResultsWindow?

    var onLocalChange: (() -> Void)? {
        get { questions.onLocalChange }
        set { questions.onLocalChange = newValue }
    }

    init(service: RecordService, window: ApplicationWindow, toasts: ToastOverlay) {
        self.service = service
        self.window = window
        self.toasts = toasts
        let ui = Builder(resource: ResourceBundle.path("Survey/survey-page.ui"))
        widget = ui.object("survey_page")
        header = ModuleHeader(ui: ui)
        questions = RecordListPage(type: .question, service: service, window: window, toasts: toasts)
        questions.widget.vexpand = true
        ui.object("list_holder", as: Box.self).append(questions.widget)
        resultsAction = actions.addAction("results", enabled: false) { [weak self] in self?.openResults() }
        widget.insertActionGroup(actions, prefix: "survey")
        questions.onSelectionChanged = { [weak self] in
            guard let self else { return }
            self.resultsAction?.isEnabled = self.questions.selectedRecord != nil
        }
    }

    private func openResults() {
        guard let org = organization, let question = questions.selectedRecord, resultsWindow == nil else { return }
        let shown = SurveyResultsWindow(parent: window, question: question, organization: org,
                                        results: SurveyResults(database: service.database), toasts: toasts)
        shown.onClosed = { [weak self] in self?.resultsWindow = nil }
        resultsWindow = shown
        shown.present()
    }

    func show(_ org: Organization?) {
        organization = org
        header.show(org)
        questions.show(org)
    }

    func setFolded(_ folded: Bool) { header.setFolded(folded) }
    func setCanEdit(_ allowed: Bool) { questions.setCanEdit(allowed) }
    func refresh() { questions.refresh() }
}
