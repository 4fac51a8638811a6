"""Figures from finished replays, above the simulator: metrics of a run, the diff of two runs, and plots. Everything
here reads --sim-output files as streams (docs/report.md)."""
