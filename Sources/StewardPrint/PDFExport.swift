import CPangoCairo
import Foundation
import Translation

public struct PDFExportError: Error, CustomStringConvertible {
    public var description: String
}

/// Writes a laid-out document to a PDF file, a page per page of the layout.
public enum PDFExport {
    public static func write(_ layout: PageLayout, to path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        var isFolder: ObjCBool = false
        if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) || !isFolder.boolValue {
            throw PDFExportError(description: tr("cannot write {path}: the folder {folder} does not exist",
                                                 ["path": path, "folder": folder]))
        }
        let surface = cairo_pdf_surface_create(path, layout.paper.width, layout.paper.height)
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            let problem = String(cString: cairo_status_to_string(cairo_surface_status(surface)))
            throw PDFExportError(description: tr("cannot write {path}: {problem}", ["path": path, "problem": problem]))
        }
        let context = cairo_create(surface)!
        for page in 0..<layout.pageCount {
            layout.draw(page: page, on: context)
            cairo_show_page(context)
        }
        cairo_destroy(context)
        cairo_surface_finish(surface)
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw PDFExportError(description: tr("cannot write {path}: {problem}",
                                                 ["path": path, "problem": String(cString: cairo_status_to_string(status))]))
        }
    }
}
