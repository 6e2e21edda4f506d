// GtkKit: typed Swift over GTK 4.8 and libadwaita 1.2. It knows nothing of the application.
//
// Ground rules, and why:
// - Everything GTK-facing is @MainActor: GTK is single-threaded. C callbacks enter the main
//   actor with `MainActor.assumeIsolated`, which checks rather than hops.
// - Wrappers (`ObjectRef` and subclasses) hold one strong GObject reference each and drop it
//   in deinit. Several wrappers may exist for one GObject; Swift state that must live as long
//   as the GObject is attached to it (see AttachedData.swift), not to a wrapper.
// - Signal closures are retained by GLib and released when the handler goes away. Capture
//   wrappers and controllers `[weak self]` to avoid wrapper -> GObject -> closure cycles.
// - Casts between GTK pointer shapes live in `ObjectRef` (`raw`, `opaque`, `ptr()`).
// - Only API present in GTK 4.8 / libadwaita 1.2 is called, so it runs on Debian 12 and later.
//
// Typical start-up:
//
//     let app = Application(id: "org.example.App")
//     app.onStartup {
//         app.addAction("quit") { app.quit() }
//         app.setAccels(["<Control>q"], for: "app.quit")
//     }
//     app.onActivate {
//         if let window = app.activeWindow { window.present(); return }
//         let ui = Builder(resource: "/org/example/App/window.ui")
//         let window = ui.object("main_window", as: ApplicationWindow.self)
//         window.setApplication(app)
//         window.present()
//     }
//     exit(app.run())   // installs MainLoopBridge, so Task { @MainActor in } works inside
