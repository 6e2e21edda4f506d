import CGtk
import Foundation
import GtkKit

/// The baseline for launch time: the smallest GTK 4 application with a window, reporting its
/// first paint exactly as `steward` does. The window has Steward's default size, so both
/// paint the same area.
@MainActor
enum MinimalWindow {
    static func run() -> Int32 {
        // An ordinary application, registered on the session bus like any GTK app (Steward too).
        let app = Application(id: "org.steward.BenchBaseline")
        var window: Window?
        app.onActivate {
            let created = Window()
            created.setApplication(app)
            created.title = "Baseline"
            created.defaultSize = (width: 1000, height: 700)
            NextPaint.after(created) {
                FileHandle.standardOutput.write(Data("first-paint\n".utf8))
            }
            created.present()
            window = created
        }
        _ = window
        return app.run(arguments: [CommandLine.arguments[0]])
    }
}
