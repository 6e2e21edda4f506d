import CGtk
import CGtkKit

/// Reads which column a GtkColumnView is sorted by, and in which direction, on GTK 4.8.
///
/// The app sorts in SQL, so GTK must never sort: the view's model is not wrapped in a
/// GtkSortListModel and the column sorters never order anything. But clicking a header should
/// still tell the app "sort by column 2, descending". GTK 4.10 has
/// gtk_column_view_sorter_get_primary_sort_column for that; 4.8 does not. So:
///
/// - each sortable column gets a GtkCustomSorter whose compare function records its column
///   index in this probe and returns GTK_ORDERING_SMALLER;
/// - when the view's sorter emits "changed", the probe asks it to compare two dummy items.
///   The view sorter consults its columns in priority order and stops at the first non-equal
///   answer, so exactly the primary column records itself; the view sorter inverts the answer
///   for a descending column, so GTK_ORDERING_LARGER means descending. If no column compare
///   runs, the view is unsorted.
@MainActor
final class ColumnSortProbe {
    /// Set by the first column compare function called during `probe`.
    private var calledColumn: Int?
    private var isProbing = false
    // Two distinct items: gtk_sorter_compare answers EQUAL for an item compared with itself.
    private let itemA = ObjectRef(owning: UnsafeMutableRawPointer(gk_key_item_new(0)))
    private let itemB = ObjectRef(owning: UnsafeMutableRawPointer(gk_key_item_new(1)))

    /// Probes a GtkColumnViewSorter; returns (primary column index or nil, ascending).
    func probe(viewSorter: UnsafeMutablePointer<GtkSorter>) -> (column: Int?, ascending: Bool) {
        calledColumn = nil
        isProbing = true
        let ordering = gtk_sorter_compare(viewSorter, itemA.raw, itemB.raw)
        isProbing = false
        guard let column = calledColumn else { return (nil, true) }
        return (column, ordering != GTK_ORDERING_LARGER)
    }

    fileprivate func record(_ column: Int) {
        // Outside a probe (someone else sorting with these sorters) nothing is recorded.
        if isProbing, calledColumn == nil { calledColumn = column }
    }

    /// A sorter for column `index` that reports to this probe. Transfer full.
    func makeColumnSorter(index: Int) -> UnsafeMutablePointer<GtkSorter> {
        let target = ProbeTarget(index: index, probe: self)
        let data = Unmanaged.passRetained(target).toOpaque()
        let sorter = gtk_custom_sorter_new(probeCompare, data, releaseProbeTarget)!
        return UnsafeMutableRawPointer(sorter).assumingMemoryBound(to: GtkSorter.self)
    }
}

/// The user data of one column's compare function. Weak, so a column outliving its view's
/// state cannot keep the probe alive.
private final class ProbeTarget {
    let index: Int
    weak var probe: ColumnSortProbe?
    init(index: Int, probe: ColumnSortProbe) {
        self.index = index
        self.probe = probe
    }
}

private let releaseProbeTarget: GDestroyNotify = { data in
    guard let data else { return }
    Unmanaged<ProbeTarget>.fromOpaque(data).release()
}

// GCompareDataFunc. Sorting happens on the main thread (GTK is single-threaded).
private let probeCompare: GCompareDataFunc = { _, _, data in
    let target = Unmanaged<ProbeTarget>.fromOpaque(data!).takeUnretainedValue()
    let index = target.index
    let probe = target.probe
    MainActor.assumeIsolated { probe?.record(index) }
    return GTK_ORDERING_SMALLER.rawValue
}
