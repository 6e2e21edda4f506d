import Foundation

/// C's numbers in Spanish (es_ES.UTF-8, which `make test-deps` makes) for code run in the test
/// process, as the apps' are once `Translation.start()` has read a Spanish environment:
/// printf, and so `String(format:)`, then write "35,3050".
public enum SpanishNumbers {
    public struct Missing: Error, CustomStringConvertible {
        public var description: String { "the es_ES.UTF-8 locale is not installed (make test-deps makes it)" }
    }

    /// Runs `body` with this thread's numbers in Spanish. `uselocale` changes this thread only,
    /// so tests running beside it keep theirs; `body` must not suspend (it would resume on
    /// another thread).
    public static func run<T>(_ body: () throws -> T) throws -> T {
        guard let spanish = newlocale(Int32(1) << LC_NUMERIC, "es_ES.UTF-8", nil) else { throw Missing() }
        let previous = uselocale(spanish)
        defer {
            uselocale(previous)
            freelocale(spanish)
        }
        return try body()
    }
}
