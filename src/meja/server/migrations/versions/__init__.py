"""The store's revisions, oldest first by name; each names the one before it (down_revision)."""
