// The store is the core's façade: what imports the store sees the state, events and policies.
@_exported import AppCore
// The one clock lives below the store, so the terminal can use it too.
@_exported import Timekeeping
