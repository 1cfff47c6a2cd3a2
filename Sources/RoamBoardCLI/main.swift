print("roam-board: not yet")
