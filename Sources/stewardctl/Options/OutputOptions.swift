import ArgumentParser

/// `--json`: machine-readable output instead of the tables and text people read.
struct OutputOptions: ParsableArguments {
    @Flag(name: .long, help: "Print JSON instead of text (an array for lists, one object otherwise).")
    var json = false
}
