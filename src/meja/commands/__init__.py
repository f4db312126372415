"""Sub-commands of the `meja` command line, one module each, registered by meja.cli."""
