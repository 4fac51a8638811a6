"""The simulator: recordings (load, validate, write), the discrete clock, the replay loop, reconstructed
dispatches, --sim-output and --sim-verify, the scheduler log, and live mode."""
