/// The names of an event's fields, as the CLI spells its options and as validation reports them;
/// the GUI maps each to the row that shows its message. They come from the declaration
/// (`RecordType.event`): each field's option name, and the timing field's part names.
public enum EventField {
    public static let title = option("title")
    public static let description = option("description")
    public static let locationName = option("locationName")
    public static let address = option("address")
    public static let latitude = option("latitude")
    public static let longitude = option("longitude")
    public static let timing = TimingField.Part.timing
    public static let starts = TimingField.Part.starts
    public static let ends = TimingField.Part.ends
    public static let timeZone = TimingField.Part.timeZone
    public static let imageURL = option("imageURL")
    /// One link per `--link` option, so validation names the links as that option.
    public static let links = RecordType.event.field("links")!.reportName
    public static let host = option("host")
    public static let contactName = option("contactName")
    public static let contactEmail = option("contactEmail")
    public static let contactPhone = option("contactPhone")
    public static let audience = option("audience")
    public static let stampValue = option("stampValue")
    public static let rideSharing = option("rideSharing")
    public static let remindBefore = option("remindBefore")
    public static let calendar = option("calendar")

    /// A declared field's option name; a name the declaration lacks is a programming error.
    private static func option(_ name: String) -> String {
        guard let field = RecordType.event.field(name) else { preconditionFailure("events declare no field \(name)") }
        return field.optionName
    }
}
