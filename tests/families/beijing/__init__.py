"""The Beijing family: readings with wild tiles, fans, settlement, the audit, the simulator."""
