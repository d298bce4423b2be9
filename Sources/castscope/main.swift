import CastCLI

StopSignal.unblockInherited()
await CommandLineTool(CastscopeCommand.root).main(output: TerminalSafeOutput(base: ProcessOutput()))
