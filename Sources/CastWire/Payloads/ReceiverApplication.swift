public import CastJSON

/// One entry of RECEIVER_STATUS `status.applications` (protocol.md §2.8).
public struct ReceiverApplication: CastPayloadModel {
    /// E.g. `CC1AD845` (Default Media Receiver).
    public var appID: String?
    /// The session id.
    public var sessionID: String?
    /// The endpoint id to CONNECT to for the app's namespaces (equal to sessionId on current firmware).
    public var transportID: String?
    /// Human-readable app name.
    public var displayName: String?
    /// App status line.
    public var statusText: String?
    /// True for the idle screen (Backdrop).
    public var isIdleScreen: Bool?
    /// True when launched from the cloud.
    public var launchedFromCloud: Bool?
    /// Universal app id.
    public var universalAppID: String?
    /// Icon URL.
    public var iconURL: String?
    /// Namespaces the app handles.
    public var namespaces: [String]?
    /// True when `namespaces` arrived as plain strings (old firmware) rather than `[{"name": …}]`; kept so
    /// re-encoding writes the form that was read.
    public var namespacesArePlainStrings = false
    /// Keys this model does not know.
    public var unknown: JSONObject

    /// An application with the given ids.
    public init(appID: String? = nil, sessionID: String? = nil, transportID: String? = nil,
                namespaces: [String]? = nil, unknown: JSONObject = JSONObject()) {
        self.appID = appID
        self.sessionID = sessionID
        self.transportID = transportID
        self.namespaces = namespaces
        self.unknown = unknown
    }

    /// Reads the members; `namespaces` may be `[{"name": …}]` or, from old firmware, plain strings.
    public init(from reader: inout CastPayloadReader) throws(CastPayloadError) {
        appID = try reader.string("appId")
        universalAppID = try reader.string("universalAppId")
        displayName = try reader.string("displayName")
        iconURL = try reader.string("iconUrl")
        isIdleScreen = try reader.bool("isIdleScreen")
        launchedFromCloud = try reader.bool("launchedFromCloud")
        if let list = try reader.array("namespaces") {
            var names: [String] = []
            for (index, element) in list.enumerated() {
                let elementPath = "\(reader.path(of: "namespaces"))[\(index)]"
                if let name = element.stringValue {
                    names.append(name)
                    namespacesArePlainStrings = true
                    continue
                }
                var entry = try CastPayloadReader(element, path: elementPath)
                names.append(try entry.requiredString("name"))
            }
            namespaces = names
        }
        sessionID = try reader.string("sessionId")
        statusText = try reader.string("statusText")
        transportID = try reader.string("transportId")
        unknown = reader.unknownMembers()
    }

    /// Writes the members.
    public func write(to writer: inout CastPayloadWriter) {
        writer.set("appId", appID)
        writer.set("universalAppId", universalAppID)
        writer.set("displayName", displayName)
        writer.set("iconUrl", iconURL)
        writer.set("isIdleScreen", isIdleScreen)
        writer.set("launchedFromCloud", launchedFromCloud)
        if let namespaces {
            writer.set("namespaces", JSONValue.array(namespaces.map { name in
                namespacesArePlainStrings ? .string(name) : .object(["name": .string(name)])
            }))
        }
        writer.set("sessionId", sessionID)
        writer.set("statusText", statusText)
        writer.set("transportId", transportID)
        writer.appendUnknown(unknown)
    }
}
