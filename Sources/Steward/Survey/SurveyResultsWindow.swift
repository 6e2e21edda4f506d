import Foundation
import GtkKit
import StewardCore
import StewardPrint
import Translation

/// A question's results, one version at a time (each version keeps the answers given to it):
/// counts and percentages as a bar chart drawn with Cairo, or the text answers in a list, and
/// the version's CSV saved where staff choose. The chart's accessible name reads its figures,
/// for screen readers.
@MainActor
final class SurveyResultsWindow {
    private let window: Window
    private let titleWidget: WindowTitle
    private let versionChoice: DropDown
    private let promptLabel: Label
    private let summaryLabel: Label
    private let stack: Stack
    /// Until the results are read: the spinner, not "no answers yet".
    private let loading: LoadingPage
    private let chartArea: DrawingArea
    private let textList: ListBox
    private let toasts: ToastOverlay
    private var results: [SurveyResult] = []
    private var shown: SurveyResult?
    private let saver: ExportSaver
    var onClosed: (() -> Void)?

    init(parent: Window, question: LocalRecord, organization: Organization, results service: SurveyResults, toasts: ToastOverlay) {
        self.toasts = toasts
        let ui = Builder(resource: ResourceBundle.path("Survey/survey-results.ui"))
        let window: Window = ui.object("results_window")
        self.window = window
        saver = ExportSaver(window: window, toasts: toasts)
        window.setTransientFor(parent)
        titleWidget = ui.object("results_title")
        versionChoice = ui.object("version_choice")
        promptLabel = ui.object("prompt_label")
        summaryLabel = ui.object("summary_label")
        stack = ui.object("results_stack")
        loading = LoadingPage(in: stack, pages: ["empty", "texts", "chart"])
        loading.show()
        chartArea = ui.object("chart_area")
        textList = ui.object("text_list")
        let prompt = RecordType.question.title(of: question.fields)
        window.title = tr("Results — {question}", ["question": prompt])
        titleWidget.subtitle = prompt

        chartArea.onDraw { [weak self] context, width, height in
            guard let self, let result = self.shown, !result.version.kind.isText else { return }
            SurveyChart(result).draw(on: context, width: Double(width), height: Double(height), dark: StyleManager.isDark)
        }
        versionChoice.onSelectionChanged { [weak self] index in
            guard let self, let index, index < self.results.count else { return }
            self.show(self.results[index])
        }
        let actions = ActionGroup()
        actions.addAction("export") { [weak self] in self?.exportCSV() }
        actions.addAction("close") { [weak self] in self?.window.close() }
        window.insertActionGroup(actions, prefix: "results")
        window.addController(Shortcuts.controller([("Escape", "results.close")]))
        window.onCloseRequest { [weak self] in
            self?.onClosed?()
            return false
        }
        Task {
            do {
                results = try await service.results(question: question.id, in: organization)
            } catch {
                toasts.showToast(tr("Could not read the results: {error}", ["error": "\(error)"]))
            }
            versionChoice.setStrings(results.map(Self.versionName))
            // The current version first in view: it is what members are answering now.
            if !results.isEmpty { versionChoice.selectedIndex = results.count - 1 }
            if let last = results.last { show(last) } else { loading.finish(showing: "empty") }
        }
    }

    func present() { window.present() }

    private static func versionName(_ result: SurveyResult) -> String {
        trn("Version {version}: {count} answer", "Version {version}: {count} answers", result.respondents,
            ["version": String(result.version.version)])
    }

    private func show(_ result: SurveyResult) {
        shown = result
        promptLabel.text = result.version.prompt
        let kind = result.version.kind
        summaryLabel.text = trn("{type} · version {version} · {count} member answered",
                                "{type} · version {version} · {count} members answered", result.respondents,
                                ["type": kind.title, "version": String(result.version.version)])
        textList.removeAll()
        if result.respondents == 0 {
            loading.finish(showing: "empty")
        } else if kind.isText {
            for text in result.texts {
                let label = Label(text)
                label.xalign = 0
                label.wraps = true
                label.setMargins(top: 10, bottom: 10, start: 12, end: 12)
                textList.append(label)
            }
            loading.finish(showing: "texts")
        } else {
            let chart = SurveyChart(result)
            chartArea.contentHeight = Int(chart.pixelHeight.rounded(.up))
            chartArea.setAccessibleLabel(chart.bars.map { bar in
                tr("{answer}: {count} ({percent}%)", ["answer": bar.label, "count": String(bar.count),
                                                     "percent": String(format: "%.0f", bar.percent)])
            }.joined(separator: "; "))
            chartArea.redraw()
            loading.finish(showing: "chart")
        }
    }

    /// Asks where to save, then writes the shown version's CSV.
    private func exportCSV() {
        guard !saver.isAsking, let result = shown else { return }
        let name = tr("results version {version}", ["version": String(result.version.version)]) + ".csv"
        saver.save(title: tr("Export Results as CSV"), suggestedName: name) { path in
            try result.csv.write(toFile: path, atomically: true, encoding: .utf8)
        }
    }
}
