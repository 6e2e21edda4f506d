import Foundation

/// Which of GTK's renderers draws the windows. Call before GTK starts.
public enum RendererChoice {
    /// Without a GPU, GTK 4.8's GL renderer runs on Mesa's software rasterizer, which compiles
    /// each shader with LLVM the first time it is used and then draws every pixel on the CPU:
    /// a window's first frame took 100 to 150 ms longer than with Cairo, which was made for
    /// drawing on the CPU. So on a machine with no GPU render node (a virtual machine, a remote
    /// desktop, a thin client), Cairo draws, unless the person has chosen a renderer with
    /// GSK_RENDERER. Returns the renderer chosen, if this chose one.
    @discardableResult
    public static func preferCairoWithoutGPU(renderNodes: String = "/dev/dri") -> String? {
        guard ProcessInfo.processInfo.environment["GSK_RENDERER"] == nil else { return nil }
        let nodes = (try? FileManager.default.contentsOfDirectory(atPath: renderNodes)) ?? []
        guard !nodes.contains(where: { $0.hasPrefix("renderD") }) else { return nil }
        setenv("GSK_RENDERER", "cairo", 0)
        return "cairo"
    }
}
