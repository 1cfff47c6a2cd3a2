// Tests for RoamExport.
