"""The decision trace: settings, a collector (sched's observer), structured records, rendering, and later the
store and the file copy. sched never imports this package; the console builds collectors and renders them."""
