import CGtk

/// Where a widget sits in space larger than it needs, without spelling GTK's C enum.
public enum Alignment: Sendable {
    case fill, start, end, center, baseline

    var gtk: GtkAlign {
        switch self {
        case .fill: GTK_ALIGN_FILL
        case .start: GTK_ALIGN_START
        case .end: GTK_ALIGN_END
        case .center: GTK_ALIGN_CENTER
        case .baseline: GTK_ALIGN_BASELINE
        }
    }

    init(_ align: GtkAlign) {
        switch align {
        case GTK_ALIGN_START: self = .start
        case GTK_ALIGN_END: self = .end
        case GTK_ALIGN_CENTER: self = .center
        case GTK_ALIGN_BASELINE: self = .baseline
        default: self = .fill
        }
    }
}

extension Widget {
    public var horizontalAlignment: Alignment {
        get { Alignment(halign) }
        set { halign = newValue.gtk }
    }

    public var verticalAlignment: Alignment {
        get { Alignment(valign) }
        set { valign = newValue.gtk }
    }
}
