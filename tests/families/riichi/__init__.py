"""The riichi family: yaku, fu, points, flow, settlement, the scorer against a peer, the simulator."""
