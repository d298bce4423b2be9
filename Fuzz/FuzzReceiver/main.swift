import CastReceiver
import FuzzSupport

// Plays arbitrary bytes as a script of sender events against the emulator's ReceiverDevice (platform receiver,
// media player, queue, apps) and checks its invariants; see ReceiverDeviceScript.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    withExtendedLifetime(ReceiverDeviceScript.run(fuzzInput(data, size))) {}
    return 0
}

fuzzMain(fuzzOneInput)
