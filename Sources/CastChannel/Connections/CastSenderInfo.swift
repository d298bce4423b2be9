public import CastJSON

/// The `senderInfo` object of a CONNECT (protocol.md §2.4, Chromium `CreateVirtualConnectionRequest`).
public struct CastSenderInfo: Sendable, Hashable {
    /// `sdkType`: 2 as Chromium sends.
    public var sdkType: Int64 = 2
    /// `version`: the sender's version string.
    public var version: String
    /// `browserVersion`.
    public var browserVersion: String
    /// `platform`: 6 Linux (3 Windows, 4 Mac, 5 ChromeOS).
    public var platform: Int64 = 6
    /// `connectionType`: 1 as Chromium sends.
    public var connectionType: Int64 = 1
    /// `systemVersion`: the OS version.
    public var systemVersion: String

    /// Sender info with Chromium's constants and the given version strings.
    public init(version: String = "castscope", browserVersion: String = "castscope", systemVersion: String = "Linux") {
        self.version = version
        self.browserVersion = browserVersion
        self.systemVersion = systemVersion
    }

    /// The JSON object, in Chromium's key order.
    public var json: JSONObject {
        [
            "sdkType": .int(sdkType), "version": .string(version), "browserVersion": .string(browserVersion),
            "platform": .int(platform), "connectionType": .int(connectionType),
            "systemVersion": .string(systemVersion),
        ]
    }
}
