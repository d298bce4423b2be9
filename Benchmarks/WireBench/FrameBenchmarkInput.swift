import CastWire

/// The benchmark's input: realistic JSON CastMessages of 150–400 bytes, framed back to back.
struct FrameBenchmarkInput {
    var bytes: [UInt8] = []
    var frameCount = 0
    var minimumBody = Int.max
    var maximumBody = 0
    /// Strings in the decoded messages too long for Swift's inline small-string form (> 15 UTF-8 bytes),
    /// i.e. the allocations a message's own strings need.
    var heapStrings = 0

    static func messages(_ index: Int) -> [CastMessage] {
        let session = "7d1b3c5e-0000-4c2a-9c7e-\(String(100_000_000_000 + index))"
        let sender = "sender-\(index % 97)"
        return [
            CastMessage(sourceID: session, destinationID: sender, namespace: CastNamespace.media.rawValue,
                        json: #"{"type":"MEDIA_STATUS","status":[{"mediaSessionId":\#(index),"playbackRate":1,"playerState":"PLAYING","currentTime":\#(index % 600).25,"supportedMediaCommands":274447,"volume":{"level":1,"muted":false}}],"requestId":\#(index)}"#),
            CastMessage(sourceID: sender, destinationID: "receiver-0", namespace: CastNamespace.receiver.rawValue,
                        json: #"{"type":"LAUNCH","requestId":\#(index),"appId":"CC1AD845","language":"en-US","supportedAppTypes":["WEB"]}"#),
            CastMessage(sourceID: "receiver-0", destinationID: sender, namespace: CastNamespace.receiver.rawValue,
                        json: #"{"type":"RECEIVER_STATUS","requestId":\#(index),"status":{"applications":[{"appId":"CC1AD845","namespaces":[{"name":"urn:x-cast:com.google.cast.media"}],"sessionId":"\#(session)","transportId":"\#(session)"}],"volume":{"controlType":"attenuation","level":0.5,"muted":false}}}"#),
            CastMessage(sourceID: sender, destinationID: session, namespace: CastNamespace.media.rawValue,
                        json: #"{"type":"SEEK","mediaSessionId":\#(index),"currentTime":\#(index % 300).5,"resumeState":"PLAYBACK_START","requestId":\#(index),"sessionId":"\#(session)","customData":{}}"#),
            CastMessage(sourceID: sender, destinationID: "receiver-0", namespace: CastNamespace.connection.rawValue,
                        json: #"{"type":"CONNECT","userAgent":"castscope/0.1","connType":0,"origin":{},"senderInfo":{"sdkType":2,"version":"0.1","platform":6,"connectionType":1}}"#),
        ]
    }

    static func stream(frames: Int = 20_000) -> FrameBenchmarkInput {
        var input = FrameBenchmarkInput()
        var writer = ByteWriter(capacity: frames * 300)
        var index = 0
        while input.frameCount < frames {
            for message in messages(index) where input.frameCount < frames {
                let size = message.encodedSize
                do {
                    try CastFrameEncoder.encode(message, into: &writer)
                } catch {
                    continue
                }
                input.frameCount += 1
                input.minimumBody = min(input.minimumBody, size)
                input.maximumBody = max(input.maximumBody, size)
                for string in [message.sourceID, message.destinationID, message.namespace, message.payloadUTF8 ?? ""]
                where string.utf8.count > 15 {
                    input.heapStrings += 1
                }
            }
            index += 1
        }
        input.bytes = writer.bytes
        return input
    }
}
