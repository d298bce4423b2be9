public import CastJSON
import CastNet
import CastWire

extension Device {
    /// The device as `castscope discover --json` prints it: id, uniqueID, friendlyName, modelName, host, addresses,
    /// port, capabilities (names), capabilityMask, group, status, statusText, protocolVersion, icon, instance, txt
    /// (the raw strings), via.
    public var jsonValue: JSONValue {
        var object = JSONObject()
        object.appendUnchecked("id", .string(deviceID))
        object.appendUnchecked("uniqueID", .string(uniqueID))
        object.appendUnchecked("friendlyName", .string(friendlyName))
        object.appendUnchecked("modelName", modelName.map { .string($0) } ?? .null)
        object.appendUnchecked("host", .string(host))
        object.appendUnchecked("addresses", .array(addresses.map { .string($0.description) }))
        object.appendUnchecked("port", .int(Int64(servicePort)))
        object.appendUnchecked("capabilities", .array(capabilities.names.map { .string($0) }))
        object.appendUnchecked("capabilityMask", .int(Int64(clamping: capabilities.rawValue)))
        object.appendUnchecked("group", .bool(isGroup))
        object.appendUnchecked("status", .string(status.description))
        object.appendUnchecked("statusText", statusText.map { .string($0) } ?? .null)
        object.appendUnchecked("protocolVersion", protocolVersion.map { .int(Int64($0)) } ?? .null)
        object.appendUnchecked("icon", iconPath.map { .string($0) } ?? .null)
        object.appendUnchecked("instance", .string(instanceName))
        object.appendUnchecked("txt", .array(txt.map { .string(String(decoding: $0, as: UTF8.self)) }))
        object.appendUnchecked("via", .string(via.rawValue))
        return .object(object)
    }
}
