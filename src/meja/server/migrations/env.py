"""Alembic's environment for the store: migrations run on the connection migrate passes in."""

from __future__ import annotations

from alembic import context

from meja.server.storage import metadata

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("the store's revisions run on a connection: meja.server.migrations.migrate")
context.configure(connection=connection, target_metadata=metadata)
with context.begin_transaction():
    context.run_migrations()
