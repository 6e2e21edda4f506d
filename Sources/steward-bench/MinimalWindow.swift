import CGtk
import Foundation
import GtkKit

/// The baseline for launch time: the smallest GTK 4 application with a window, reporting its
/// first paint exactly as `steward` does.
@MainActor
enum MinimalWindow {
    static func run() -> Int32 {
        let app = Application(id: "org.steward.BenchBaseline", nonUnique: true)
        var window: Window?
        app.onActivate {
            let created = Window()
            created.setApplication(app)
            created.title = "Baseline"
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
