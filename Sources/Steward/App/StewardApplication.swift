import Foundation
import GtkKit
import StewardCore
import Translation

/// The application: resources, app-wide actions and shortcuts, and the one main window.
@MainActor
final class StewardApplication {
    static let id = "org.steward.Steward"
    static let version = StewardVersion.current

    private let app: Application
    private var mainWindow: MainWindow?
    private let preload: StartupPreload
    private var stallReport: StallReport?
    private var cutTextReport: CutTextReport?

    init() {
        // First, so the database work runs while GTK starts.
        preload = StartupPreload(remembered: AppSettings().startOrganization)
        app = Application(id: Self.id)
        app.onStartup { [weak self] in self?.startup() }
        app.onActivate { [weak self] in self?.activate() }
        app.onShutdown { [weak self] in self?.stallReport?.finish() }
    }

    func run() -> Int32 {
        // Registered before startup: libadwaita loads style.css from the resource base path then.
        do {
            try ResourceBundle.register()
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            return 1
        }
        return app.run()
    }

    private func startup() {
        // Follow the desktop's light/dark preference.
        StyleManager.followSystem()
        app.addAction("quit") { [weak self] in self?.quit() }
        app.addAction("about") { [weak self] in self?.showAbout() }
        Shortcuts.install(on: app)
    }

    /// Also runs when Steward is launched a second time: show the existing window.
    private func activate() {
        if let mainWindow {
            mainWindow.present()
            return
        }
        let window = MainWindow(application: app)
        mainWindow = window
        // Filled before it is shown, so the first frame has the events when they are loaded.
        window.start(with: preload)
        window.present()
        stallReport = StallReport.startIfRequested(after: window.widget)
        cutTextReport = CutTextReport.startIfRequested()
    }

    private func quit() {
        // Closing runs the window's close handler, which remembers its size.
        mainWindow?.close()
        app.quit()
    }

    private func showAbout() {
        var info = AboutWindow.Info(applicationName: "Steward", applicationIcon: Self.id, version: Self.version)
        info.developerName = tr("The Steward Developers")
        info.comments = tr("Events and records behind your community’s phone app")
        info.license = .gpl3OrLater
        info.copyright = tr("© 2026 The Steward Developers")
        info.developers = [tr("The Steward Developers")]
        // TRANSLATORS: your name(s) and e-mail address(es), one a line, shown in About.
        info.translatorCredits = tr("translator-credits")
        let about = AboutWindow(parent: app.activeWindow, info: info)
        about.present()
    }
}
