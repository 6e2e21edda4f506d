import CGtk

/// A print job through GTK's print dialog (GtkPrintOperation), with pages drawn by the caller
/// on the Cairo context GTK gives, in points. The same operation can export to a PDF file
/// without a dialog.
@MainActor
public final class PrintOperation: ObjectRef {
    override public class var gType: GType { gtk_print_operation_get_type() }

    public enum Outcome: Equatable {
        case printed
        case cancelled
        case failed(String)
    }

    /// Called when printing starts, with the printable width and height in points: returns the
    /// number of pages (lay the document out for that size here).
    public var onBegin: ((_ width: Double, _ height: Double) -> Int)?
    /// Draws one page (from 0) on `context`, a `cairo_t *`.
    public var onDrawPage: ((_ context: OpaquePointer, _ page: Int) -> Void)?

    private var operation: UnsafeMutablePointer<GtkPrintOperation> { ptr() }

    public init(jobName: String) {
        super.init(owning: UnsafeMutableRawPointer(gtk_print_operation_new()))
        gtk_print_operation_set_job_name(operation, jobName)
        gtk_print_operation_set_unit(operation, GTK_UNIT_POINTS)
        gtk_print_operation_set_embed_page_setup(operation, 1)
        Signal.connectPointer(raw, "begin-print") { [weak self] _, context in
            guard let self, let context else { return }
            let printContext = OpaquePointer(context)
            let pages = self.onBegin?(gtk_print_context_get_width(printContext), gtk_print_context_get_height(printContext)) ?? 1
            gtk_print_operation_set_n_pages(self.operation, Int32(max(1, pages)))
        }
        Signal.connectPointerInt(raw, "draw-page") { [weak self] _, context, page in
            guard let self, let context, let cairo = gtk_print_context_get_cairo_context(OpaquePointer(context)) else { return }
            self.onDrawPage?(cairo, Int(page))
        }
    }

    public required init(borrowing pointer: UnsafeMutableRawPointer) {
        super.init(borrowing: pointer)
    }

    /// Shows the print dialog over `parent` and prints what the person chooses.
    public func runDialog(parent: Window) -> Outcome {
        run(GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG, parent: parent)
    }

    /// Writes the pages to a PDF file, without a dialog.
    public func export(toPDF path: String, parent: Window?) -> Outcome {
        gtk_print_operation_set_export_filename(operation, path)
        return run(GTK_PRINT_OPERATION_ACTION_EXPORT, parent: parent)
    }

    private func run(_ action: GtkPrintOperationAction, parent: Window?) -> Outcome {
        var error: UnsafeMutablePointer<GError>?
        let result = gtk_print_operation_run(operation, action, parent?.ptr(GtkWindow.self), &error)
        if let error {
            let message = String(cString: error.pointee.message)
            g_error_free(error)
            return .failed(message)
        }
        switch result {
        case GTK_PRINT_OPERATION_RESULT_CANCEL: return .cancelled
        case GTK_PRINT_OPERATION_RESULT_ERROR: return .failed("the printer reported an error")
        default: return .printed
        }
    }
}
