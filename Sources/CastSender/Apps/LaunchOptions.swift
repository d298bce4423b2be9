import CastJSON
public import CastWire

/// `GCKLaunchOptions`: how LAUNCH asks for the receiver app — language, relaunch, and Cast Connect's Android TV
/// compatibility with launch credentials (seed 002).
public struct LaunchOptions: Sendable, Hashable {
    /// `language`, e.g. `en-US`.
    public var languageCode: String?
    /// Relaunch even when the app already runs (otherwise a running app is joined).
    public var relaunchIfRunning = false
    /// Cast Connect: the receiver may start the Android TV app instead of the web one.
    public var androidReceiverCompatible: Bool
    /// Cast Connect: credentials handed to the launch checker.
    public var credentialsData: CredentialsData?

    /// `-initWithRelaunchIfRunning:` plus Cast Connect's switch.
    public init(androidReceiverCompatible: Bool = false, languageCode: String? = nil,
                relaunchIfRunning: Bool = false, credentialsData: CredentialsData? = nil) {
        self.androidReceiverCompatible = androidReceiverCompatible
        self.languageCode = languageCode
        self.relaunchIfRunning = relaunchIfRunning
        self.credentialsData = credentialsData
    }

    /// The LAUNCH request for `appID`: `supportedAppTypes` gains `ANDROID_TV` when Android-compatible, and
    /// credentials go in `appParams.launchCheckerParams.credentialsData`.
    public func launchRequest(appID: String, requestID: Int64) -> ReceiverRequest {
        var request = ReceiverRequest(type: .launch, requestID: requestID)
        request.appID = appID
        request.language = languageCode
        request.supportedAppTypes = androidReceiverCompatible ? ["WEB", "ANDROID_TV"] : ["WEB"]
        if let credentialsData {
            request.appParams = ["launchCheckerParams": .object(["credentialsData": .object(credentialsData.json)])]
        }
        return request
    }
}
