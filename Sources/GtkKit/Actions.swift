import CGtk

/// A GVariant borrowed for the duration of a callback (an action's parameter or state).
/// Read it right away; do not keep it.
@MainActor
public struct Variant {
    public let pointer: OpaquePointer

    public var typeString: String { String(cString: g_variant_get_type_string(pointer)) }
    public var string: String? {
        g_variant_is_of_type(pointer, variantType("s")) != 0
            ? String(cString: g_variant_get_string(pointer, nil)) : nil
    }
    public var int64: Int64? {
        g_variant_is_of_type(pointer, variantType("x")) != 0 ? Int64(g_variant_get_int64(pointer)) : nil
    }
    public var int32: Int32? {
        g_variant_is_of_type(pointer, variantType("i")) != 0 ? Int32(g_variant_get_int32(pointer)) : nil
    }
    public var bool: Bool? {
        g_variant_is_of_type(pointer, variantType("b")) != 0 ? g_variant_get_boolean(pointer) != 0 : nil
    }
}

// G_VARIANT_TYPE("s") is a macro cast over the type string.
@inline(__always)
private func variantType(_ string: StaticString) -> OpaquePointer {
    OpaquePointer(string.utf8Start)
}

/// The parameter type of an action ("app.open-item(42)" style targets).
public enum ActionParameterType: Sendable {
    case string, int64, int32, bool

    fileprivate var typeString: StaticString {
        switch self {
        case .string: "s"
        case .int64: "x"
        case .int32: "i"
        case .bool: "b"
        }
    }
}

/// A GSimpleAction. Create one through `ActionMap.addAction` so it is registered too.
@MainActor
public final class Action: ObjectRef {
    override public class var gType: GType { g_simple_action_get_type() }

    /// A plain action; `parameter` is nil for actions without a target.
    public convenience init(name: String, parameter: ActionParameterType? = nil) {
        let type = parameter.map { variantType($0.typeString) }
        self.init(owning: UnsafeMutableRawPointer(g_simple_action_new(name, type)!))
    }

    /// A stateful boolean action (a check menu item or toggle button bound by action-name).
    public convenience init(name: String, state: Bool) {
        let action = g_simple_action_new_stateful(name, nil, g_variant_new_boolean(state ? 1 : 0))
        self.init(owning: UnsafeMutableRawPointer(action!))
    }

    public var name: String { String(cString: g_action_get_name(opaque)) }

    /// Disabled actions grey out every button and menu item bound to them.
    public var isEnabled: Bool {
        get { g_action_get_enabled(opaque) != 0 }
        set { g_simple_action_set_enabled(opaque, newValue ? 1 : 0) }
    }

    /// The boolean state of a stateful action (false for stateless ones).
    public var boolState: Bool {
        get {
            guard let state = g_action_get_state(opaque) else { return false }
            defer { g_variant_unref(state) }
            return g_variant_get_boolean(state) != 0
        }
        set { g_simple_action_set_state(opaque, g_variant_new_boolean(newValue ? 1 : 0)) }
    }

    /// "activate" with the parameter (nil for actions without one).
    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor (Variant?) -> Void) -> SignalHandlerID {
        Signal.connectPointer(raw, "activate") { _, parameter in
            handler(parameter.map { Variant(pointer: OpaquePointer($0)) })
        }
    }
}

/// Something actions can be added to: Application ("app." prefix), ApplicationWindow ("win."),
/// or an `ActionGroup` inserted on a widget with a prefix of your choice.
@MainActor
public protocol ActionMap: AnyObject {
    /// The instance as `GActionMap *`.
    var actionMap: OpaquePointer { get }
}

extension ActionMap {
    public func add(_ action: Action) {
        g_action_map_add_action(actionMap, action.opaque)
    }

    public func removeAction(named name: String) {
        g_action_map_remove_action(actionMap, name)
    }

    /// The action registered under `name` (without prefix), if it is a GSimpleAction.
    public func action(named name: String) -> Action? {
        guard let found = g_action_map_lookup_action(actionMap, name) else { return nil }
        let raw = UnsafeMutableRawPointer(found)
        return cgtk_is_a(raw, g_simple_action_get_type()) != 0 ? Action(borrowing: raw) : nil
    }

    /// Adds an action without parameter: `app.addAction("quit") { app.quit() }`.
    @discardableResult
    public func addAction(_ name: String, enabled: Bool = true,
                          _ handler: @escaping @MainActor () -> Void) -> Action {
        let action = Action(name: name)
        action.isEnabled = enabled
        action.onActivate { _ in handler() }
        add(action)
        return action
    }

    /// Adds an action with a typed parameter, e.g. a "win.open-item" taking an int64 id.
    @discardableResult
    public func addAction(_ name: String, parameter: ActionParameterType,
                          _ handler: @escaping @MainActor (Variant) -> Void) -> Action {
        let action = Action(name: name, parameter: parameter)
        action.onActivate { value in if let value { handler(value) } }
        add(action)
        return action
    }

    /// Adds a stateful boolean action that flips its state on activation and then calls
    /// `handler` with the new state. Buttons bound to it show as toggled.
    @discardableResult
    public func addToggleAction(_ name: String, initial: Bool,
                                _ handler: @escaping @MainActor (Bool) -> Void) -> Action {
        let action = Action(name: name, state: initial)
        // Connecting "activate" replaces GSimpleAction's default toggle, so flip it here. The
        // handler takes the raw instance, not `action`, to avoid an action -> closure -> action cycle.
        Signal.connectPointer(action.raw, "activate") { sender, _ in
            let current = Action(borrowing: sender)
            let newState = !current.boolState
            current.boolState = newState
            handler(newState)
        }
        add(action)
        return action
    }
}

/// A GSimpleActionGroup, for actions scoped to a widget subtree (`Widget.insertActionGroup`).
@MainActor
public final class ActionGroup: ObjectRef, ActionMap {
    override public class var gType: GType { g_simple_action_group_get_type() }

    public convenience init() {
        self.init(owning: UnsafeMutableRawPointer(g_simple_action_group_new()))
    }

    public var actionMap: OpaquePointer { opaque }
}
