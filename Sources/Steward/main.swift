// Steward: the office console behind a community's phone app.
// Everything GTK happens on the main thread, which is where top-level code runs.
import Foundation
import GtkKit
import StewardCore
import Translation

// `steward --version` answers before anything starts: GLib 2.74's GApplication has no such option,
// and scripts and the package test ask it without a display.
if CommandLine.arguments.dropFirst().contains("--version") {
    print("steward \(StewardVersion.current)")
    exit(0)
}

// First, before any other thread starts: the language and the catalogue, made the process's
// default so GtkBuilder translates the .ui files' texts from it.
Translation.start(defaultDomain: true)
// Before GTK starts: without a GPU, Cairo draws (see RendererChoice).
RendererChoice.preferCairoWithoutGPU()
let status = MainActor.assumeIsolated { () -> Int32 in
    StewardApplication().run()
}
exit(status)
