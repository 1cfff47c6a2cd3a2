// Tests for RoamBoardCLI.
