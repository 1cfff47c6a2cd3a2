// RoamExport: see DESIGN.md §2.
