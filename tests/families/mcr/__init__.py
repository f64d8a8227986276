"""The MCR family: the fan calculator against vectors and a peer, the wall, the simulator."""
