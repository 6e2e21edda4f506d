import CGtk
import Foundation
import GtkKit

/// With STEWARD_UI_REPORT_CUT=PATH, appends to PATH every label on screen whose text is cut
/// off — ellipsized ("…"), or wider than a cell or box that clips it — and that has no tooltip
/// showing it in full, one line each: `window title<TAB>text<TAB>why`. The walk of every page
/// (Tests/ui/test_walk.py) reads it: GTK 4.8 gives the accessibility tree a label's whole text
/// and its box, but not how wide its text is (no character extents), so only the window can
/// tell. A label counts once it stays cut for three checks in a row, so a page caught
/// mid-layout is not reported; each (window, text) is written once. A window at least 1,000 px
/// wide folded to one pane (a page too wide to sit beside the sidebar) is written the same way,
/// with "folded" as the reason. Without the variable nothing runs.
@MainActor
final class CutTextReport {
    private let path: String
    private var timer: Timeout?
    /// The cut labels of the last checks, newest last: a label counts once it is cut in all.
    private var recentChecks: [Set<String>] = []
    /// A page sliding in or a list filling lays labels out more than once; a label cut for
    /// half a second is cut on screen.
    private static let checksInARow = 3
    private var written: Set<String> = []
    private let file: FileHandle?

    private init(path: String) {
        self.path = path
        FileManager.default.createFile(atPath: path, contents: nil)
        file = FileHandle(forWritingAtPath: path)
    }

    static func startIfRequested(environment: [String: String] = ProcessInfo.processInfo.environment) -> CutTextReport? {
        guard let path = environment["STEWARD_UI_REPORT_CUT"], !path.isEmpty else { return nil }
        let report = CutTextReport(path: path)
        report.timer = Timeout(every: 150, priority: .low) { [weak report] in
            report?.check()
            return report != nil
        }
        return report
    }

    private func check() {
        var cutNow: Set<String> = []
        let toplevels = gtk_window_list_toplevels()
        var link = toplevels
        while let node = link {
            if let window = node.pointee.data?.assumingMemoryBound(to: GtkWidget.self),
               gtk_widget_get_mapped(window) != 0 {
                let title = gtk_window_get_title(OpaquePointer(window).map { UnsafeMutablePointer<GtkWindow>($0) })
                    .map { String(cString: $0) } ?? ""
                collectCut(in: window, window: window, title: title, into: &cutNow)
                if Self.hasFoldedLeaflet(window), gtk_widget_get_width(window) >= Self.widthThatMustNotFold {
                    cutNow.insert("\(title)\tone pane at \(gtk_widget_get_width(window)) px: the page is too wide to sit "
                                  + "beside the sidebar\tfolded")
                }
            }
            link = node.pointee.next
        }
        g_list_free(toplevels)
        recentChecks.append(cutNow)
        if recentChecks.count > Self.checksInARow { recentChecks.removeFirst() }
        guard recentChecks.count == Self.checksInARow else { return }
        let stayedCut = recentChecks.dropFirst().reduce(recentChecks[0]) { $0.intersection($1) }
        for line in stayedCut where !written.contains(line) {
            written.insert(line)
            file?.write(Data((line + "\n").utf8))
        }
    }

    private func collectCut(in widget: UnsafeMutablePointer<GtkWidget>, window: UnsafeMutablePointer<GtkWidget>,
                            title: String, into cut: inout Set<String>) {
        guard gtk_widget_get_mapped(widget) != 0 else { return }
        if cgtk_is_a(widget, gtk_label_get_type()) != 0, let why = Self.cutReason(widget) {
            let text = String(cString: gtk_label_get_text(OpaquePointer(widget)))
            cut.insert("\(title)\t\(text.replacingOccurrences(of: "\n", with: " "))\t\(why)")
        }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            collectCut(in: current, window: window, title: title, into: &cut)
            child = gtk_widget_get_next_sibling(current)
        }
    }

    /// The window's default width: at it and wider, the sidebar and the page sit side by side.
    /// A page too wide for that folds the window to one pane, which is reported like cut text.
    private static let widthThatMustNotFold: gint = 1000

    /// Whether a mapped AdwLeaflet inside `widget` shows one pane only.
    private static func hasFoldedLeaflet(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        guard gtk_widget_get_mapped(widget) != 0 else { return false }
        if cgtk_is_a(widget, adw_leaflet_get_type()) != 0, adw_leaflet_get_folded(OpaquePointer(widget)) != 0 {
            return true
        }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if hasFoldedLeaflet(current) { return true }
            child = gtk_widget_get_next_sibling(current)
        }
        return false
    }

    /// Why the label's text does not show in full, or nil when it does (or a tooltip shows it).
    private static func cutReason(_ label: UnsafeMutablePointer<GtkWidget>) -> String? {
        let opaque = OpaquePointer(label)
        guard let text = gtk_label_get_text(opaque), text.pointee != 0,
              gtk_widget_get_width(label) > 0 else { return nil }
        var why: String?
        if gtk_label_get_ellipsize(opaque) != PANGO_ELLIPSIZE_NONE,
           pango_layout_is_ellipsized(gtk_label_get_layout(opaque)) != 0 {
            why = "ellipsized"
        } else if let clipper = clippedBy(label) {
            why = "clipped by \(String(cString: cgtk_type_name_of(clipper)))"
        }
        guard let why, !hasTooltip(label) else { return nil }
        return why
    }

    /// The nearest ancestor that cuts the label's right edge off: one that clips its children
    /// and is narrower than where the label ends. Scrolling containers are skipped (what they
    /// hide can be scrolled to), and the search stops at the label's own surface: a window, or
    /// a popover, which shows outside the widget it points at.
    private static func clippedBy(_ label: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
        var ancestor = gtk_widget_get_parent(label)
        while let current = ancestor {
            if cgtk_is_a(current, gtk_scrollable_get_type()) != 0 || cgtk_is_a(current, gtk_scrolled_window_get_type()) != 0
                || cgtk_is_a(current, gtk_native_get_type()) != 0 {
                return nil
            }
            if gtk_widget_get_overflow(current) == GTK_OVERFLOW_HIDDEN {
                var bounds = graphene_rect_t()
                if gtk_widget_compute_bounds(label, current, &bounds) != 0,
                   bounds.origin.x + textEnd(label) > Float(gtk_widget_get_width(current)) + 1,
                   gtk_label_get_wrap(OpaquePointer(label)) == 0 {
                    return current
                }
            }
            ancestor = gtk_widget_get_parent(current)
        }
        return nil
    }

    /// Where the label's text ends, from its left edge: a label may be given more room than
    /// its text (centred in a switcher's button), and only the text matters.
    private static func textEnd(_ label: UnsafeMutablePointer<GtkWidget>) -> Float {
        var x: gint = 0, y: gint = 0
        gtk_label_get_layout_offsets(OpaquePointer(label), &x, &y)
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_pixel_extents(gtk_label_get_layout(OpaquePointer(label)), &ink, &logical)
        return Float(x + logical.x + logical.width)
    }

    /// A tooltip on the label (its whole text while it is shortened: GtkKit's `FullTextTooltip`
    /// answers the query) or on the row or cell around it (up to three levels up).
    private static func hasTooltip(_ label: UnsafeMutablePointer<GtkWidget>) -> Bool {
        if gtk_widget_get_has_tooltip(label) != 0 { return true }
        var widget: UnsafeMutablePointer<GtkWidget>? = gtk_widget_get_parent(label)
        for _ in 0..<3 {
            guard let current = widget else { return false }
            if gtk_widget_get_tooltip_text(current) != nil || gtk_widget_get_tooltip_markup(current) != nil {
                return true
            }
            widget = gtk_widget_get_parent(current)
        }
        return false
    }
}
