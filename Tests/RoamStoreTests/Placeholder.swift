// Tests for RoamStore.
