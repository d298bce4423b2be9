#if canImport(Glibc)
internal import Glibc
#endif

// The libFuzzer entry every `Fuzz/*` target calls from its `main.swift`. Built with `-DFUZZING
// -sanitize=fuzzer,address` it hands control to libFuzzer's driver; in a plain build it replays the files named on
// the command line, so a saved crash can be rerun under a debugger.

/// The C signature libFuzzer calls for each input.
public typealias FuzzCallback = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

#if FUZZING
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: FuzzCallback
) -> CInt
#endif

/// Runs the fuzzer (or the replayer) with the process's arguments and returns the exit status.
public func runFuzzDriver(_ callback: FuzzCallback) -> CInt {
    #if FUZZING
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    return LLVMFuzzerRunDriver(&argc, &argv, callback)
    #else
    let paths = CommandLine.arguments.dropFirst()
    if paths.isEmpty {
        print("Built without -DFUZZING: pass input files to replay them, or run 'make fuzz'.")
        return 0
    }
    for path in paths {
        guard let bytes = readWholeFile(path) else {
            print("cannot read \(path)")
            return 1
        }
        _ = bytes.withUnsafeBufferPointer { callback($0.baseAddress, $0.count) }
        print("replayed \(path) (\(bytes.count) bytes)")
    }
    return 0
    #endif
}

/// Runs the driver and exits the process with its status.
public func fuzzMain(_ callback: FuzzCallback) -> Never {
    exit(runFuzzDriver(callback))
}

/// Copies the fuzzer's input into an array; a nil pointer is empty input.
public func fuzzInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data, size > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
}
