import CastJSON
import CastWire

/// The `stray-replies` fault: decoys sent just before a real reply, each carrying the reply's `requestId` but
/// arriving where that request was not sent — on the other of the receiver/media namespaces, or on the right
/// namespace from `receiver-0` instead of the app's transport. All come from `receiver-0`, to which every sender
/// has a virtual connection, so they reach the sender's request table. A sender that matches replies by id alone
/// fails its requests with INVALID_REQUEST; one that also checks namespace and endpoint ignores the decoys.
enum StrayReplies {
    /// The decoys to send before `message` (none for broadcasts, requestId 0 and other namespaces).
    static func before(_ message: CastMessage) -> [CastMessage] {
        let namespace = CastNamespace(rawValue: message.namespace)
        guard namespace == .receiver || namespace == .media, message.destinationID != CastEndpointID.broadcast,
            let requestID = message.requestID,
            requestID > 0
        else { return [] }
        var targets: [CastNamespace] = [namespace == .media ? .receiver : .media]
        if message.sourceID != CastEndpointID.platformReceiver { targets.append(namespace) }
        return targets.map { target in
            ReceiverDevice.message(
                [CastPayloadField.type: CastMessageType.invalidRequest.json, "reason": "INVALID_COMMAND"], requestID: requestID, namespace: target,
                from: CastEndpointID.platformReceiver, to: message.destinationID)
        }
    }
}
