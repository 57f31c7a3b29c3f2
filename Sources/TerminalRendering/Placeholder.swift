// Module placeholder; see Package.swift for its role.
