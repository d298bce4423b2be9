import CastReceiver
import CastWire
import Testing

/// The TXT record the emulator advertises: what pychromecast and the built-in querier need from a device.
@Suite struct ReceiverAdvertisingTests {
    @Test func theEmulatorsTXTRecordIsAnIdleVideoDeviceWithItsNameModelAndID() {
        let configuration = ReceiverConfiguration(
            name: "Living Room", deviceID: "0123456789abcdef0123456789abcdef", model: "Chromecast Ultra")
        let record = CastTXTRecord(configuration.txtRecord.strings)
        #expect(record.id == configuration.deviceID && record.hasValidID)
        #expect(record.friendlyName == "Living Room" && record.model == "Chromecast Ultra")
        #expect(record.capabilities?.contains([.videoOut, .audioOut]) == true)
        #expect(record.status == 0 && record.runningStatus == "")
        #expect(record.diagnostics.isEmpty, "\(record.diagnostics)")
    }
}
