/// A failure a command reports itself, with the exit code it deserves.
public enum CLIError: Error, Equatable {
    /// Invalid input or usage (exit 2): the message names the field or option at fault.
    case usage(String)
    /// Anything else that went wrong (exit 1).
    case failure(String)
}
