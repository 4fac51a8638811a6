"""The interactive console (`refsim sim -i`): commands, step and continue output, breakpoints, inspection."""
