import Foundation
import Translation

/// The test message ("Send test message", `stewardctl mail test`): short, and saying where it
/// came from, so whoever receives it knows the set-up works and whom to ask otherwise.
public enum TestMail {
    public static func subject(organization: String) -> String {
        tr("Test message from Steward for {organization}", ["organization": organization])
    }

    public static func body(organization: String) -> String {
        [tr("Hello,"), "",
         tr("This message was sent by Steward to check the mail settings of {organization}. It arrived, so reminders and other messages will too.",
            ["organization": organization]),
         "", tr("Nothing needs to be done.")].joined(separator: "\n")
    }
}
