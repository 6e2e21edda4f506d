import Foundation

/// Monotonic timing and the few statistics a benchmark report needs.
enum Stopwatch {
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = now()
        try body()
        return Double(now() - start) / 1e9
    }

    static func seconds(_ body: () async throws -> Void) async rethrows -> Double {
        let start = now()
        try await body()
        return Double(now() - start) / 1e9
    }

    static func milliseconds(since start: UInt64) -> Double {
        Double(now() - start) / 1e6
    }
}

extension Array where Element == Double {
    var median: Double {
        guard !isEmpty else { return .nan }
        let sorted = self.sorted()
        return sorted.count % 2 == 1 ? sorted[count / 2] : (sorted[count / 2 - 1] + sorted[count / 2]) / 2
    }

    func percentile(_ p: Double) -> Double {
        guard !isEmpty else { return .nan }
        let sorted = self.sorted()
        return sorted[Swift.min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
    }
}

func format(_ value: Double, _ digits: Int = 2) -> String {
    String(format: "%.\(digits)f", value)
}
