// The store is the core's façade: what imports the store sees the state, events and policies.
@_exported import AppCore
