// Steward: the office console behind a community's phone app.
// Everything GTK happens on the main thread, which is where top-level code runs.
import Foundation
import GtkKit

// Before GTK starts: without a GPU, Cairo draws (see RendererChoice).
RendererChoice.preferCairoWithoutGPU()
let status = MainActor.assumeIsolated { () -> Int32 in
    StewardApplication().run()
}
exit(status)
