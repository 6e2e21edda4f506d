import Foundation

/// An e-mail for staff to read, change and send from the desktop's mail program: a `mailto:`
/// address (RFC 6068) with the subject and body filled in. Sending it is left to that program;
/// `MailService` is what sends from Steward itself.
public enum MailDraft {
    /// `mailto:ADDRESS?subject=…&body=…`; nil when `address` is blank.
    public static func mailto(to address: String, subject: String, body: String) -> String? {
        let address = address.trimmingCharacters(in: .whitespaces)
        guard !address.isEmpty else { return nil }
        var components = URLComponents()
        components.scheme = "mailto"
        components.path = address
        components.queryItems = [
            URLQueryItem(name: "subject", value: subject),
            // RFC 6068 writes a body's line breaks as CRLF.
            URLQueryItem(name: "body", value: body.replacingOccurrences(of: "\n", with: "\r\n")),
        ]
        // URLComponents leaves "+" as it is; mail programs read it as a plus, but some read it
        // as a space, so it is spelled out.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        return components.string
    }
}
