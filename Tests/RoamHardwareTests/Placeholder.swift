// Tests for RoamHardware.
