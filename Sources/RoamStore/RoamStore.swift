// RoamStore: see DESIGN.md §2.
