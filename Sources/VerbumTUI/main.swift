// PLACEHOLDER (helper E replaces this file).
print("verbumcare-tui")
