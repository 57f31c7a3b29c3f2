// SettingsUI: screens as pure functions of state (see docs/ARCHITECTURE.md).
