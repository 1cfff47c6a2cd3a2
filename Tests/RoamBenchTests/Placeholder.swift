// Tests for RoamBench.
