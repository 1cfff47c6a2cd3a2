// RoamRecorder: see DESIGN.md §2.
