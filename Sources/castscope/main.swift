import CastCLI

StopSignal.unblockInherited()
await CommandLineTool(CastscopeCommand.root).main()
