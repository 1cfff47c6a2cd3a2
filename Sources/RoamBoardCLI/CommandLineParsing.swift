// The parser, the option table types and the help generator live in the RoamCommandLine library,
// so the FuzzCommandLine target can fuzz them; re-exported here so every file of the executable
// sees them without importing it.
@_exported import RoamCommandLine
