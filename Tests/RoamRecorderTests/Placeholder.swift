// Tests for RoamRecorder.
