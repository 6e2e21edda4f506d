import CGtk

/// The id `g_signal_connect_data` returns; pass it to `ObjectRef.disconnect(_:)`.
public struct SignalHandlerID: Hashable, Sendable {
    public let rawValue: UInt
}

/// Holds a Swift closure for the lifetime of one signal connection.
///
/// The box is handed to GLib retained (`passRetained`); GLib calls `releaseSignalBox` when the
/// handler is disconnected or the instance is finalized, which drops the closure and whatever
/// it captured. Handlers that capture their own wrapper should do so `[weak self]`, otherwise
/// wrapper -> GObject -> closure -> wrapper is a cycle.
private final class SignalBox<Handler> {
    let handler: Handler
    init(_ handler: Handler) { self.handler = handler }
}

private func unbox<Handler>(_ data: UnsafeMutableRawPointer?, as _: Handler.Type) -> Handler {
    Unmanaged<SignalBox<Handler>>.fromOpaque(data!).takeUnretainedValue().handler
}

// GClosureNotify: drops the box once GLib is done with the connection.
private let releaseSignalBox: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}

// One C thunk per C signature. GLib calls them on the main thread (GTK is single-threaded), so
// entering the main actor with `assumeIsolated` is a checked statement of fact, not a hop.
// The raw pointers are not Sendable; `nonisolated(unsafe)` says they never leave this thread.

typealias SenderHandler = @MainActor (UnsafeMutableRawPointer) -> Void
private let senderThunk: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { instance, data in
    let handler = unbox(data, as: SenderHandler.self)
    nonisolated(unsafe) let instance = instance!
    MainActor.assumeIsolated { handler(instance) }
}

typealias PointerHandler = @MainActor (UnsafeMutableRawPointer, UnsafeMutableRawPointer?) -> Void
private let pointerThunk: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { instance, argument, data in
    let handler = unbox(data, as: PointerHandler.self)
    nonisolated(unsafe) let instance = instance!, argument = argument
    MainActor.assumeIsolated { handler(instance, argument) }
}

typealias UIntHandler = @MainActor (UnsafeMutableRawPointer, UInt32) -> Void
private let uintThunk: @convention(c) (UnsafeMutableRawPointer?, guint, UnsafeMutableRawPointer?) -> Void = { instance, value, data in
    let handler = unbox(data, as: UIntHandler.self)
    nonisolated(unsafe) let instance = instance!
    MainActor.assumeIsolated { handler(instance, value) }
}

typealias PointerIntHandler = @MainActor (UnsafeMutableRawPointer, UnsafeMutableRawPointer?, Int32) -> Void
private let pointerIntThunk: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, gint, UnsafeMutableRawPointer?) -> Void = { instance, argument, value, data in
    let handler = unbox(data, as: PointerIntHandler.self)
    nonisolated(unsafe) let instance = instance!, argument = argument
    MainActor.assumeIsolated { handler(instance, argument, value) }
}

typealias TwoUIntHandler = @MainActor (UnsafeMutableRawPointer, UInt32, UInt32) -> Void
private let twoUIntThunk: @convention(c) (UnsafeMutableRawPointer?, guint, guint, UnsafeMutableRawPointer?) -> Void = { instance, a, b, data in
    let handler = unbox(data, as: TwoUIntHandler.self)
    nonisolated(unsafe) let instance = instance!
    MainActor.assumeIsolated { handler(instance, a, b) }
}

typealias ThreeUIntHandler = @MainActor (UnsafeMutableRawPointer, UInt32, UInt32, UInt32) -> Void
private let threeUIntThunk: @convention(c) (UnsafeMutableRawPointer?, guint, guint, guint, UnsafeMutableRawPointer?) -> Void = { instance, a, b, c, data in
    let handler = unbox(data, as: ThreeUIntHandler.self)
    nonisolated(unsafe) let instance = instance!
    MainActor.assumeIsolated { handler(instance, a, b, c) }
}

typealias BoolHandler = @MainActor (UnsafeMutableRawPointer) -> Bool
private let boolThunk: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean = { instance, data in
    let handler = unbox(data, as: BoolHandler.self)
    nonisolated(unsafe) let instance = instance!
    return MainActor.assumeIsolated { handler(instance) } ? 1 : 0
}

typealias PointerPointBoolHandler = @MainActor (UnsafeMutableRawPointer, UnsafeMutableRawPointer?, Double, Double) -> Bool
private let pointerPointBoolThunk: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, gdouble, gdouble, UnsafeMutableRawPointer?) -> gboolean = { instance, argument, x, y, data in
    let handler = unbox(data, as: PointerPointBoolHandler.self)
    nonisolated(unsafe) let instance = instance!, argument = argument
    return MainActor.assumeIsolated { handler(instance, argument, x, y) } ? 1 : 0
}

/// Connects GObject signals on raw instances to Swift closures. Wrappers expose typed
/// shortcuts (`Button.onClicked`, `Window.onCloseRequest`...); use these for anything else.
/// Each function matches one C handler signature; the signal must have that signature.
@MainActor
public enum Signal {
    private static func connect<Handler>(
        _ instance: UnsafeMutableRawPointer, _ name: String, after: Bool,
        thunk: UnsafeRawPointer, handler: Handler
    ) -> SignalHandlerID {
        let box = Unmanaged.passRetained(SignalBox(handler)).toOpaque()
        let id = after
            ? cgtk_signal_connect_after(instance, name, thunk, box, releaseSignalBox)
            : cgtk_signal_connect(instance, name, thunk, box, releaseSignalBox)
        // GLib does not call the destroy notify when connecting fails (unknown signal name).
        if id == 0 { Unmanaged<AnyObject>.fromOpaque(box).release() }
        precondition(id != 0, "no signal \"\(name)\" on \(String(cString: cgtk_type_name_of(instance)))")
        return SignalHandlerID(rawValue: UInt(id))
    }

    /// `void handler(instance)`: "clicked", "changed", "activate" on widgets...
    @discardableResult
    public static func connect(
        _ instance: UnsafeMutableRawPointer, _ name: String, after: Bool = false,
        _ handler: @escaping @MainActor (_ sender: UnsafeMutableRawPointer) -> Void
    ) -> SignalHandlerID {
        connect(instance, name, after: after,
                thunk: unsafeBitCast(senderThunk, to: UnsafeRawPointer.self), handler: handler as SenderHandler)
    }

    /// `void handler(instance, gpointer arg)`: "notify" (GParamSpec*), "activate" on GSimpleAction
    /// (GVariant*), factory "setup"/"bind" (GtkListItem*), "row-activated" (GtkListBoxRow*),
    /// "response" (const char*)...
    @discardableResult
    public static func connectPointer(
        _ instance: UnsafeMutableRawPointer, _ name: String, after: Bool = false,
        _ handler: @escaping @MainActor (_ sender: UnsafeMutableRawPointer, _ argument: UnsafeMutableRawPointer?) -> Void
    ) -> SignalHandlerID {
        connect(instance, name, after: after,
                thunk: unsafeBitCast(pointerThunk, to: UnsafeRawPointer.self), handler: handler as PointerHandler)
    }

    /// `void handler(instance, gpointer arg, gint value)`: "draw-page" on GtkPrintOperation
    /// (GtkPrintContext*, page number).
    @discardableResult
    public static func connectPointerInt(
        _ instance: UnsafeMutableRawPointer, _ name: String, after: Bool = false,
        _ handler: @escaping @MainActor (_ sender: UnsafeMutableRawPointer, _ argument: UnsafeMutableRawPointer?, _ value: Int32) -> Void
    ) -> SignalHandlerID {
        connect(instance, name, after: after,
                thunk: unsafeBitCast(pointerIntThunk, to: UnsafeRawPointer.self), handler: handler as PointerIntHandler)
    }

    /// `void handler(instance, guint arg)`: "activate" on GtkColumnView/GtkListView (position),
    /// "changed" on GtkSorter (GtkSorterChange)...
    @discardableResult
    public static func connectUInt(
        _ instance: UnsafeMutableRawPointer, _ name: String, after: Bool = false,
        _ handler: @escaping @MainActor (_ sender: UnsafeMutableRawPointer, _ value: UInt32) -> Void
    ) -> SignalHandlerID {
        connect(instance, name, after: after,
                thunk: unsafeBitCast(uintThunk, to: UnsafeRawPointer.self), handler: handler as UIntHandler)
    }

    /// `void handler(instance, guint, guint)`: GtkSelectionModel "selection-changed"
    /// (position, n_items).
    @discardableResult
    public static func connectUInt2(
        _ instance: UnsafeMutableRawPointer, _ name: String, after: Bool = false,
        _ handler: @escaping @MainActor (_ sender: UnsafeMutableRawPointer, UInt32, UInt32) -> Void
    ) -> SignalHandlerID {
        connect(instance, name, after: after,
                thunk: unsafeBitCast(twoUIntThunk, to: UnsafeRawPointer.self), handler: handler as TwoUIntHandler)
    }

    /// `void handler(instance, guint, guint, guint)`: GListModel "items-changed"
    /// (position, removed, added).
    @discardableResult
    public static func connectUInt3(
        _ instance: UnsafeMutableRawPointer, _ name: String, after: Bool = false,
        _ handler: @escaping @MainActor (_ sender: UnsafeMutableRawPointer, UInt32, UInt32, UInt32) -> Void
    ) -> SignalHandlerID {
        connect(instance, name, after: after,
                thunk: unsafeBitCast(threeUIntThunk, to: UnsafeRawPointer.self), handler: handler as ThreeUIntHandler)
    }

    /// `gboolean handler(instance)`: "close-request" and other stop-propagation signals.
    /// Return true to stop the default behaviour (e.g. keep the window open).
    @discardableResult
    public static func connectBool(
        _ instance: UnsafeMutableRawPointer, _ name: String, after: Bool = false,
        _ handler: @escaping @MainActor (_ sender: UnsafeMutableRawPointer) -> Bool
    ) -> SignalHandlerID {
        connect(instance, name, after: after,
                thunk: unsafeBitCast(boolThunk, to: UnsafeRawPointer.self), handler: handler as BoolHandler)
    }

    /// `gboolean handler(instance, gpointer arg, double x, double y)`: "drop" on GtkDropTarget
    /// (the dropped `const GValue*` and where it landed).
    @discardableResult
    public static func connectPointerPointBool(
        _ instance: UnsafeMutableRawPointer, _ name: String, after: Bool = false,
        _ handler: @escaping @MainActor (_ sender: UnsafeMutableRawPointer, _ argument: UnsafeMutableRawPointer?,
                                         _ x: Double, _ y: Double) -> Bool
    ) -> SignalHandlerID {
        connect(instance, name, after: after,
                thunk: unsafeBitCast(pointerPointBoolThunk, to: UnsafeRawPointer.self), handler: handler as PointerPointBoolHandler)
    }

    /// Disconnects a handler; its closure is released right away.
    public static func disconnect(_ instance: UnsafeMutableRawPointer, _ id: SignalHandlerID) {
        g_signal_handler_disconnect(instance, gulong(id.rawValue))
    }
}

extension ObjectRef {
    /// Connects a signal whose C handler is `void (*)(instance, gpointer user_data)`.
    @discardableResult
    public func on(_ signal: String, after: Bool = false, _ handler: @escaping @MainActor () -> Void) -> SignalHandlerID {
        Signal.connect(raw, signal, after: after) { _ in handler() }
    }

    /// Runs `handler` when the GObject property `property` changes ("notify::property").
    @discardableResult
    public func onNotify(_ property: String, _ handler: @escaping @MainActor () -> Void) -> SignalHandlerID {
        Signal.connectPointer(raw, "notify::\(property)") { _, _ in handler() }
    }

    /// Disconnects a handler connected on this object.
    public func disconnect(_ id: SignalHandlerID) {
        Signal.disconnect(raw, id)
    }
}
