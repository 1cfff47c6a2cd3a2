// RoamHardware: see DESIGN.md §2.
