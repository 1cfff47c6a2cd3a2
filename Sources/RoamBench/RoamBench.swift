// RoamBench: see DESIGN.md §2.
