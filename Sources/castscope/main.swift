import CastCLI

await CommandLineTool(CastscopeCommand.root).main()
