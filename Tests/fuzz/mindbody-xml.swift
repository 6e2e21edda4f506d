import Foundation

// MindBody SOAP v5 XML (Sources/StewardCore/Schedules/MindBodySOAP.swift): a saved GetClasses
// answer, read through SWXMLHash (Foundation's XMLParser, libxml2).
//
// Properties:
// - it never crashes, however the XML is nested or broken;
// - an answer it reads gives no more classes than the text has Class elements, each with an
//   ID that is neither empty nor padded, none ending before it starts;
// - a refusal says what is wrong.

private let zone = TimeZone(identifier: "America/Denver")!

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = fuzzData(data, size)
    do {
        let classes = try MindBodySOAP.classes(input, zone: zone)
        let elements = occurrences(of: Array("Class".utf8), in: input)
        fuzzCheck(classes.count <= elements, "\(classes.count) classes from \(elements) mentions of Class")
        for read in classes {
            let id = read.sourceClassId
            fuzzCheck(!id.isEmpty && id.trimmingCharacters(in: .whitespacesAndNewlines) == id, "class id \"\(id)\"")
            fuzzCheck(read.endsAt >= read.startsAt, "class \(id) ends before it starts")
        }
    } catch {
        fuzzCheck(!error.reason.isEmpty, "a refusal without words")
    }
    return 0
}

private func occurrences(of word: [UInt8], in data: Data) -> Int {
    let bytes = [UInt8](data)
    guard bytes.count >= word.count else { return 0 }
    return (0...(bytes.count - word.count)).count { bytes[$0..<($0 + word.count)].elementsEqual(word) }
}
