import Foundation

/// A property a fuzz target checks: when it does not hold, the input is reported and the run
/// stops as a crash would, so libFuzzer saves the input (crash-<sha1>) for a regression test.
func fuzzCheck(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
               file: StaticString = #fileID, line: UInt = #line) {
    if condition() { return }
    FileHandle.standardError.write(Data("property failed at \(file):\(line): \(message())\n".utf8))
    abort()
}

/// The input as the bytes libFuzzer gave.
func fuzzData(_ data: UnsafePointer<UInt8>, _ size: Int) -> Data {
    Data(bytes: data, count: size)
}
